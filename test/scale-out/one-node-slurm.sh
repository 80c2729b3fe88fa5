#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, to run the scale-out recipe (docs/scale-out.md) on a
# real scheduler. Debian's slurm-wlm and munge are installed if missing; munged, slurmctld and
# slurmd run with a munge key and a slurm.conf made here (this host the only node, 2 CPUs, one
# partition "study", ports that are free), every state, spool, log, pid and socket file under DIR.
#
#   test/scale-out/one-node-slurm.sh DIR        (as root; DIR must not exist)
#
# It prints "ready SLURM_CONF=DIR/slurm.conf" once the node takes jobs (commands given that
# SLURM_CONF talk to this cluster: sbatch, squeue, scancel, scontrol), then runs until its
# standard input closes or it is stopped (Ctrl-C, SIGTERM). Then, whatever happened, it cancels
# the cluster's jobs, stops the daemons it started and removes DIR. Exit code 3: Slurm cannot be
# installed or started here (not root, no apt-get); the reason is the last line on stderr.
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin"
dir=${1:?usage: one-node-slurm.sh DIR}
[[ -e $dir ]] && { echo "one-node-slurm: $dir exists; give a new directory" >&2; exit 2; }

cannot() { echo "cannot run Slurm here: $*" >&2; exit 3; }
[[ $(id -u) == 0 ]] || cannot "root is needed (slurmd starts jobs as their users; Debian's packages install as root)"

installed() { command -v slurmctld && command -v slurmd && command -v sbatch && command -v munged && command -v mungekey; } >/dev/null
if ! installed; then
  command -v apt-get >/dev/null || cannot "slurm-wlm and munge are not installed and there is no apt-get to install them"
  echo "installing Debian's slurm-wlm and munge" >&2
  apt_get() { DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600 "$@" >&2; }
  apt_get install -y --no-install-recommends slurm-wlm munge ||
    { apt_get update && apt_get install -y --no-install-recommends slurm-wlm munge; } ||
    cannot "apt-get could not install slurm-wlm and munge"
  installed || cannot "slurm-wlm and munge installed, yet slurmctld, slurmd, sbatch or munged is not on PATH"
fi

pids=()
# Whether a child has ended (gone, or a zombie not yet waited for: kill -0 would still reach it).
ended() {
  local state
  state=$(sed -n 's/^[0-9]* ([^)]*) \(.\).*/\1/p' "/proc/$1/stat" 2>/dev/null) || return 0
  [[ -z $state || $state == Z ]]
}
cleanup() {
  local status=$?
  trap - EXIT
  trap '' INT TERM HUP
  # Jobs first: their slurmstepd outlives slurmd, so they are cancelled and waited for while the
  # controller still answers.
  if [[ -n ${ctld:-} ]] && kill -0 "$ctld" 2>/dev/null; then
    scancel --partition=study 2>/dev/null || true
    for _ in $(seq 120); do
      [[ -z $(squeue -h -o %i 2>/dev/null) ]] && break
      sleep 0.5
    done
  fi
  export -n SLURM_CONF 2>/dev/null || true
  local p
  if ((${#pids[@]})); then
    kill -TERM "${pids[@]}" 2>/dev/null || true
    # A daemon that has not stopped in 20 s is killed (its pid is still ours: not yet waited for).
    local running
    for _ in $(seq 40); do
      running=0
      for p in "${pids[@]}"; do ended "$p" || running=1; done
      ((running)) || break
      sleep 0.5
    done
    for p in "${pids[@]}"; do ended "$p" || kill -KILL "$p" 2>/dev/null || true; done
    wait "${pids[@]}" 2>/dev/null || true
  fi
  # Anything left that this cluster started (a job step or its processes) carries its SLURM_CONF.
  for p in /proc/[0-9]*; do
    p=${p#/proc/}
    [[ $p == "$$" || $p == "$BASHPID" ]] && continue
    if { tr '\0' '\n' <"/proc/$p/environ"; } 2>/dev/null | grep -qxF "SLURM_CONF=$dir/slurm.conf"; then
      echo "one-node-slurm: killing pid $p, left over from this cluster: $({ tr '\0' ' ' <"/proc/$p/cmdline"; } 2>/dev/null)" >&2
      kill -KILL "$p" 2>/dev/null || true
    fi
  done
  if ((status != 0)) && [[ -d $dir/log ]]; then
    for f in "$dir"/log/*.log; do
      echo "--- the end of $f" >&2
      tail -n 15 "$f" >&2
    done
  fi
  rm -rf "$dir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

mkdir -p "$dir"/{munge,state,spool,log}
dir=$(cd "$dir" && pwd)
chmod 755 "$dir/munge"

# A port nothing listens on (bash connects to it to see).
free_port() {
  local p
  for _ in $(seq 100); do
    p=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return
    fi
  done
  cannot "no free port found"
}
ctld_port=$(free_port)
slurmd_port=$(free_port)
while [[ $slurmd_port == "$ctld_port" ]]; do slurmd_port=$(free_port); done
host=$(hostname -s)
memory=$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')

cat >"$dir/slurm.conf" <<EOF
ClusterName=patience
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
MailProg=/bin/true
MpiDefault=none
# No cgroups: the process tree is followed through /proc, and jobs are not confined.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# The node is what this file says (2 CPUs), whatever the machine has.
SlurmdParameters=config_overrides
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=${memory:-1024} State=UNKNOWN
PartitionName=study Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf

mungekey --create --keyfile="$dir/munge/munge.key"
# Each daemon in the foreground, in a session of its own (a Ctrl-C at the terminal reaches this
# script, which stops them in order).
setsid munged --foreground --force --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/munged.seed" --log-file="$dir/log/munged.log" \
  </dev/null >>"$dir/log/munged.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [[ -S $dir/munge/munge.socket ]] && break; sleep 0.1; done
setsid slurmctld -D </dev/null >"$dir/log/slurmctld.log" 2>&1 &
ctld=$!
pids+=("$ctld")
setsid slurmd -D -N "$host" </dev/null >"$dir/log/slurmd.log" 2>&1 &
pids+=($!)

# Ready when the node is idle (slurmd registered with the controller).
for i in $(seq 240); do
  for p in "${pids[@]}"; do ! ended "$p" || { echo "one-node-slurm: a daemon stopped at start" >&2; exit 1; }; done
  [[ $(sinfo -h -N -o %t 2>/dev/null) == idle ]] && break
  ((i < 240)) || { echo "one-node-slurm: the node did not come up in 2 minutes" >&2; exit 1; }
  sleep 0.5
done
echo "ready SLURM_CONF=$SLURM_CONF"
# Until the standard input closes: the caller's end (it closed it, or it is gone).
while read -r _; do :; done
