// The command line's parser, yargs. Run from source (tsx, the tests) this module is the package
// itself; `npm run build` replaces its compiled file with one bundle of yargs and what it imports
// (esbuild), which a command loads about 26 ms sooner than the package's 58 modules
// (bench/RESULTS.md, "Start-up"). The bundle finds no locale files (yargs looks for them beside
// its own module), so cli.ts sets the parser's language: the two print the same.
export { default } from 'yargs';
