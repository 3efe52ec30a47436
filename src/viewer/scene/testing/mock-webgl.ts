/**
 * TEST SUPPORT — a WebGL 2 context that accepts every call and draws nothing, so a real
 * three.js WebGLRenderer can be constructed in jsdom (which has no WebGL). Only what the
 * renderer reads back at start-up answers meaningfully (version strings, limits, viewport).
 * (@react-three/test-renderer 11 targets react-three-fiber 8's synchronous root API and a
 * CommonJS copy of fiber, so it cannot drive fiber 9 components; render-scene.tsx replaces it.)
 */
const KNOWN: Record<string, number> = {
  VERSION: 0x1f02,
  SHADING_LANGUAGE_VERSION: 0x8b8c,
  VIEWPORT: 0x0ba2,
  SCISSOR_BOX: 0x0c10,
  FRAMEBUFFER_COMPLETE: 0x8cd5,
  NO_ERROR: 0,
};

export function mockWebGl2Context(canvas: HTMLCanvasElement): WebGL2RenderingContext {
  const constants = new Map<string, number>(Object.entries(KNOWN));
  let nextConstant = 0x20000;
  const calls: string[] = [];
  const answers: Record<string, (...args: unknown[]) => unknown> = {
    getParameter: (p) => {
      if (p === KNOWN.VERSION) return 'WebGL 2.0 (mock)';
      if (p === KNOWN.SHADING_LANGUAGE_VERSION) return 'WebGL GLSL ES 3.00 (mock)';
      if (p === KNOWN.VIEWPORT || p === KNOWN.SCISSOR_BOX) return new Int32Array([0, 0, canvas.width, canvas.height]);
      return 16;
    },
    // Extensions answer every method with a no-op (WEBGL_lose_context.loseContext on teardown, …).
    getExtension: () => new Proxy({}, { get: () => () => undefined }),
    getSupportedExtensions: () => [],
    getContextAttributes: () => ({ alpha: true, antialias: true, depth: true, stencil: false, premultipliedAlpha: true, preserveDrawingBuffer: false }),
    getShaderPrecisionFormat: () => ({ rangeMin: 127, rangeMax: 127, precision: 23 }),
    getShaderParameter: () => true,
    getProgramParameter: () => true,
    getShaderInfoLog: () => '',
    getProgramInfoLog: () => '',
    getError: () => 0,
    checkFramebufferStatus: () => KNOWN.FRAMEBUFFER_COMPLETE,
    isContextLost: () => false,
    getUniformLocation: () => ({}),
    getAttribLocation: () => 0,
    getActiveUniform: () => null,
    getActiveAttrib: () => null,
  };
  const target = { canvas, drawingBufferWidth: canvas.width, drawingBufferHeight: canvas.height, drawingBufferColorSpace: 'srgb', calls };
  return new Proxy(target, {
    get(t, key) {
      if (typeof key !== 'string') return undefined;
      if (key in t) return t[key as keyof typeof t];
      if (/^[A-Z0-9_]+$/.test(key)) {
        if (!constants.has(key)) constants.set(key, nextConstant++);
        return constants.get(key);
      }
      const answer = answers[key];
      if (answer) return answer;
      if (key.startsWith('create')) return () => ({});
      return () => {
        calls.push(key);
        return undefined;
      };
    },
  }) as unknown as WebGL2RenderingContext;
}
