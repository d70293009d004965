// The package ships no types: the part of its Emscripten module that speech.ts uses.
declare module '@echogarden/espeak-ng-emscripten' {
  const init: () => Promise<{ eSpeakNGWorker: new () => unknown }>;
  export default init;
}
