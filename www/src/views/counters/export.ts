// Exporting tables and charts from the counters tab: CSV text, file downloads, PNG from SVG.

/** One CSV field: quoted when it holds a comma, quote or line break. */
function field(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV document: a header row, then one row per record. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `${[header, ...rows].map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}

/** Offers `data` as a file download named `name`. */
export function download(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** An `<img>`-safe data URL for an SVG document (an image never runs scripts). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Rasterises an SVG document of the given size into a PNG blob. */
export function svgToPng(svg: string, width: number, height: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const c = document.createElement('canvas');
      const scale = window.devicePixelRatio || 1;
      c.width = Math.round(width * scale);
      c.height = Math.round(height * scale);
      const ctx = c.getContext('2d');
      if (!ctx) return reject(new Error('no 2D canvas'));
      ctx.scale(scale, scale);
      ctx.drawImage(img, 0, 0, width, height);
      c.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be encoded'))), 'image/png');
    };
    img.onerror = () => reject(new Error('the chart could not be rasterised'));
    img.src = svgDataUrl(svg);
  });
}
