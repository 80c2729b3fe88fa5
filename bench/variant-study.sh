#!/bin/bash
# The Besieged City variant study (docs/variants.md, "The study"): the solver, and
# optionally strategies, over the same seeds under the default reading, each single switch and
# the strictest combination. Resumable: every batch runs with --resume, so running it again (or
# with a larger TO) only adds the seeds not yet in each CSV. Seeds go in chunks of CHUNK, all
# variants per chunk, so a stopped run leaves every variant with the same coverage.
#
#   bench/variant-study.sh solver     [TO=2000] [TIMEOUT=10s | NODES=5e6] [CHUNK=100] [WORKERS=1] [DIR=…]
#   bench/variant-study.sh strategies [TO=2000] [STRATS=greedy,planner,sampler] [WORKERS=1] [NAME=strategies]
#   (both kinds: [NICE=10], the niceness of every batch; [READINGS="r1 r2 …"], those readings only)
#
# NODES replaces the wall-clock timeout by a node budget (--timeout none --max-nodes NODES): the
# verdicts then depend on the seeds and the code only, not on how busy the machine is.
#
# Output: data/besieged-city/variants/<NAME>-<variant>.csv (NAME defaults to the kind; in the
# strategies CSVs the solver runs with --max-nodes 1000 only, its columns are not the study's).
set -euo pipefail
cd "$(dirname "$0")/.."
KIND=${1:?solver or strategies}
TO=${TO:-2000}
CHUNK=${CHUNK:-100}
WORKERS=${WORKERS:-1}
TIMEOUT=${TIMEOUT:-10s}
STRATS=${STRATS:-greedy,planner,sampler}
DIR=${DIR:-data/besieged-city/variants}
mkdir -p "$DIR"
DEFAULT_READINGS=(
  default
  trench-order=directional
  trench-order=ordinary
  trench-order=play-order
  stock-to-foundation=no
  trench-fill=deferred
  trench-order=ordinary,stock-to-foundation=no,trench-fill=immediate
)
if [ -n "${READINGS:-}" ]; then read -r -a VARIANTS <<< "$READINGS"; else VARIANTS=("${DEFAULT_READINGS[@]}"); fi
tag() { if [ "$1" = default ]; then echo default; else echo "$1" | tr ',=' '+-'; fi; }
for ((end = CHUNK; ; end += CHUNK)); do
  ((end > TO)) && end=$TO
  for v in "${VARIANTS[@]}"; do
    out="$DIR/${NAME:-$KIND}-$(tag "$v").csv"
    flags=(--seeds "1..$end" --variant "$v" --workers "$WORKERS" --out "$out")
    [ -f "$out" ] && flags+=(--resume)
    if [ "$KIND" = solver ]; then
      if [ -n "${NODES:-}" ]; then budget=(--timeout none --max-nodes "$NODES"); else budget=(--timeout "$TIMEOUT"); fi
      nice -n "${NICE:-10}" node "${CLI:-dist/src/cli.js}" batch besieged-city "${flags[@]}" "${budget[@]}" > /dev/null
    else
      nice -n "${NICE:-10}" node "${CLI:-dist/src/cli.js}" batch besieged-city "${flags[@]}" --max-nodes 1000 --strategies "$STRATS" > /dev/null
    fi
    echo "$(date -u +%H:%M:%S) $KIND $v 1..$end done"
  done
  ((end >= TO)) && break
done
