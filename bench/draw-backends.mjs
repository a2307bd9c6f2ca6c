// Canvas 2D or WebGL for the timeline (issue #3, "measure and pick"): the same frames drawn both
// ways in the bench's headless Chromium (bench/browser.mjs `launch`, the flags `make bench` uses).
//
// A frame is what a zoomed-in timeline view draws: ROWS rows of boxes (slices merged per pixel
// by the level of detail, so boxes never overlap within a row), one of PALETTE colours each, plus
// instant markers (6 px diamonds). Every frame shifts the boxes (a pan), so nothing is cached.
// Labels are left out: a WebGL timeline would still draw its text on a 2D canvas.
//   - "Canvas 2D": boxes grouped by colour, one fillRect each (as the timeline draws slices);
//     markers in one Path2D fill (as www/src/canvas/markers.ts does).
//   - "WebGL2": one instanced draw of every box (x, y, w, h, colour index per instance; a palette
//     uniform) and one of every marker; the instance buffer is uploaded per frame.
// Cost per frame = JS draw calls + the rasterisation they cause, forced to finish by reading one
// pixel back (getImageData / readPixels), so both sides are timed to the same point.
// Frames alternate between the two backends; median and p95 over FRAMES each.
// Prints one JSON object {"rows":[...],"notes":[...]} on stdout.
//   node bench/draw-backends.mjs [--smoke]
import { launch } from './browser.mjs';

const SMOKE = process.argv.includes('--smoke');
const FRAMES = SMOKE ? 6 : 60;
const WIDTH = 1400;
const HEIGHT = 800;
const ROWS = 40;
const BOXES_PER_ROW = 100;
const MARKERS = 1500;
const PALETTE = 20;

/** Runs in the page: draws FRAMES frames with each backend, alternating; returns per-frame ms. */
function drawBoth({ frames, width, height, rows, perRow, markers, palette }) {
  const colours = Array.from({ length: palette }, (_, i) => `hsl(${(i * 360) / palette}, 60%, 55%)`);
  const rgb = colours.map((c) => {
    const ctx = new OffscreenCanvas(1, 1).getContext('2d');
    ctx.fillStyle = c;
    ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0] / 255, d[1] / 255, d[2] / 255];
  });
  const rowH = Math.floor(height / rows);
  // One frame's boxes: per row, widths that fill the row with gaps, shifted by `pan` px.
  let seed = 1;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const frame = (pan) => {
    const box = new Float32Array(rows * perRow * 5);
    let n = 0;
    for (let r = 0; r < rows; r++) {
      let x = -((pan * (r + 1)) % 40);
      for (let k = 0; k < perRow; k++) {
        const w = 1 + rand() * ((2 * width) / perRow - 2);
        box.set([x, r * rowH + 1, w, rowH - 2, Math.floor(rand() * palette)], n * 5);
        n++;
        x += w + 1 + rand() * 3;
      }
    }
    const mark = new Float32Array(markers * 2);
    for (let k = 0; k < markers; k++) mark.set([rand() * width, Math.floor(rand() * rows) * rowH + rowH / 2], k * 2);
    return { box, n, mark };
  };

  const c2 = document.createElement('canvas');
  c2.width = width;
  c2.height = height;
  document.body.append(c2);
  const ctx = c2.getContext('2d', { alpha: false });
  const draw2d = (f) => {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    for (let c = 0; c < palette; c++) {
      ctx.fillStyle = colours[c];
      for (let i = 0; i < f.n; i++) {
        if (f.box[i * 5 + 4] === c) ctx.fillRect(f.box[i * 5], f.box[i * 5 + 1], f.box[i * 5 + 2], f.box[i * 5 + 3]);
      }
    }
    const p = new Path2D();
    for (let k = 0; k < f.mark.length; k += 2) {
      const x = f.mark[k];
      const y = f.mark[k + 1];
      p.moveTo(x, y - 3);
      p.lineTo(x + 3, y);
      p.lineTo(x, y + 3);
      p.lineTo(x - 3, y);
      p.closePath();
    }
    ctx.fillStyle = '#333';
    ctx.fill(p);
    ctx.getImageData(0, 0, 1, 1);
  };

  const cg = document.createElement('canvas');
  cg.width = width;
  cg.height = height;
  document.body.append(cg);
  const gl = cg.getContext('webgl2', { alpha: false, antialias: false, preserveDrawingBuffer: false });
  if (!gl) return { error: 'no WebGL2 context' };
  const shader = (type, src) => {
    const s = gl.createShader(type);
    gl.shaderSource(s, src);
    gl.compileShader(s);
    if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s));
    return s;
  };
  const program = (vs, fs) => {
    const p = gl.createProgram();
    gl.attachShader(p, shader(gl.VERTEX_SHADER, vs));
    gl.attachShader(p, shader(gl.FRAGMENT_SHADER, fs));
    gl.linkProgram(p);
    if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(p));
    return p;
  };
  const fs = `#version 300 es
    precision mediump float; in vec3 v_rgb; out vec4 o; void main() { o = vec4(v_rgb, 1.0); }`;
  const boxProg = program(
    `#version 300 es
    in vec2 corner; in vec4 rect; in float colour; uniform vec2 size; uniform vec3 pal[${palette}]; out vec3 v_rgb;
    void main() { vec2 p = rect.xy + corner * rect.zw; gl_Position = vec4(p / size * vec2(2.0, -2.0) + vec2(-1.0, 1.0), 0.0, 1.0); v_rgb = pal[int(colour)]; }`,
    fs,
  );
  const markProg = program(
    `#version 300 es
    in vec2 corner; in vec2 at; uniform vec2 size; out vec3 v_rgb;
    void main() { vec2 p = at + corner * 3.0; gl_Position = vec4(p / size * vec2(2.0, -2.0) + vec2(-1.0, 1.0), 0.0, 1.0); v_rgb = vec3(0.2); }`,
    fs,
  );
  const vao = (prog, cornerData, inst) => {
    const v = gl.createVertexArray();
    gl.bindVertexArray(v);
    const corners = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, corners);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(cornerData), gl.STATIC_DRAW);
    const loc = gl.getAttribLocation(prog, 'corner');
    gl.enableVertexAttribArray(loc);
    gl.vertexAttribPointer(loc, 2, gl.FLOAT, false, 0, 0);
    const buf = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buf);
    const stride = inst.reduce((s, a) => s + a[1], 0) * 4;
    let off = 0;
    for (const [name, count] of inst) {
      const l = gl.getAttribLocation(prog, name);
      gl.enableVertexAttribArray(l);
      gl.vertexAttribPointer(l, count, gl.FLOAT, false, stride, off);
      gl.vertexAttribDivisor(l, 1);
      off += count * 4;
    }
    return { v, buf };
  };
  const boxes = vao(boxProg, [0, 0, 1, 0, 0, 1, 1, 1], [['rect', 4], ['colour', 1]]);
  const marks = vao(markProg, [0, -1, 1, 0, -1, 0, 0, 1], [['at', 2]]);
  gl.useProgram(boxProg);
  gl.uniform2f(gl.getUniformLocation(boxProg, 'size'), width, height);
  gl.uniform3fv(gl.getUniformLocation(boxProg, 'pal'), new Float32Array(rgb.flat()));
  gl.useProgram(markProg);
  gl.uniform2f(gl.getUniformLocation(markProg, 'size'), width, height);
  gl.viewport(0, 0, width, height);
  const pixel = new Uint8Array(4);
  const drawGl = (f) => {
    gl.clearColor(1, 1, 1, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.useProgram(boxProg);
    gl.bindVertexArray(boxes.v);
    gl.bindBuffer(gl.ARRAY_BUFFER, boxes.buf);
    gl.bufferData(gl.ARRAY_BUFFER, f.box, gl.STREAM_DRAW);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, f.n);
    gl.useProgram(markProg);
    gl.bindVertexArray(marks.v);
    gl.bindBuffer(gl.ARRAY_BUFFER, marks.buf);
    gl.bufferData(gl.ARRAY_BUFFER, f.mark, gl.STREAM_DRAW);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, f.mark.length / 2);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  };

  const debug = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = debug ? gl.getParameter(debug.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  const times = { canvas2d: [], webgl2: [] };
  // Warm-up frames (shader compilation, first raster) are not counted.
  for (let i = -3; i < frames; i++) {
    const f = frame(i * 7);
    for (const [name, draw] of i % 2 === 0 ? [['canvas2d', draw2d], ['webgl2', drawGl]] : [['webgl2', drawGl], ['canvas2d', draw2d]]) {
      const t = performance.now();
      draw(f);
      if (i >= 0) times[name].push(performance.now() - t);
    }
  }
  return { times, renderer, boxes: rows * perRow };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const b = await launch();
try {
  const page = await b.context.newPage();
  await page.setContent('<!doctype html><body style="margin:0"></body>');
  const r = await page.evaluate(drawBoth, { frames: FRAMES, width: WIDTH, height: HEIGHT, rows: ROWS, perRow: BOXES_PER_ROW, markers: MARKERS, palette: PALETTE });
  if (r.error) throw new Error(r.error);
  const fmt = (x) => x.toFixed(1);
  const input = `${r.boxes} boxes + ${MARKERS} markers, ${WIDTH}×${HEIGHT} px, ${FRAMES} frames`;
  const stats = Object.fromEntries(Object.entries(r.times).map(([k, xs]) => [k, { p50: pct(xs, 50), p95: pct(xs, 95) }]));
  const faster = stats.canvas2d.p95 <= stats.webgl2.p95 ? 'Canvas 2D' : 'WebGL2';
  const rows = [
    ['Timeline draw backend: Canvas 2D (the page\'s)', stats.canvas2d],
    ['Timeline draw backend: WebGL2 instanced', stats.webgl2],
  ].map(([what, s]) => ({ what, input, measured: `p50 ${fmt(s.p50)} ms, p95 ${fmt(s.p95)} ms per frame (draw + raster)`, target: 'info (measure and pick)', anchor: null, ratio: null, pass: '—' }));
  console.log(
    JSON.stringify({
      rows,
      notes: [`Draw backends: ${faster} is faster here at p95 (Canvas 2D ${fmt(stats.canvas2d.p95)} ms, WebGL2 ${fmt(stats.webgl2.p95)} ms); WebGL renderer: ${r.renderer}.`],
    }),
  );
} finally {
  await b.close();
}
process.exit(0);
