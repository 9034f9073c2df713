/**
 * Running an exec turn (argv, the `zero exec` process and its descendants, reading its output, explaining its
 * exit): bundled into dist/exec.js and required with the first exec turn (execLoader.ts).
 */
export { ExecTransport } from './execTransport';
