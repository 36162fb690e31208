// A drawn chart as a file: the SVG as it is on screen (standalone: namespaces, a background, the colours already
// resolved when it was drawn), or a PNG painted from that SVG at twice its size. Nothing leaves the page: the PNG
// is drawn through a blob: image, which the page's CSP allows (img-src blob:), and saved as a download.
import { downloadBytes } from "../../browser/download";

const SVG_NS = "http://www.w3.org/2000/svg";

/** The SVG text of a chart with an opaque background, so the file reads the same on any viewer's background. */
export function standaloneSvg(svg: SVGSVGElement, background: string): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute("xmlns", SVG_NS);
  copy.setAttribute("xmlns:xlink", "http://www.w3.org/1999/xlink");
  const backdrop = document.createElementNS(SVG_NS, "rect");
  backdrop.setAttribute("width", "100%");
  backdrop.setAttribute("height", "100%");
  backdrop.setAttribute("fill", background);
  // After Plot's <style>, before the marks: painted first, under everything.
  const style = copy.querySelector(":scope > style");
  copy.insertBefore(backdrop, style ? style.nextSibling : copy.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

export function downloadSvg(svg: SVGSVGElement, background: string, fileName: string): void {
  downloadBytes(standaloneSvg(svg, background), `${fileName}.svg`, "image/svg+xml");
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("the chart could not be drawn as an image"));
    image.src = url;
  });
}

/** Twice the on-screen size: sharp on high-density screens and in documents. */
const PNG_SCALE = 2;

export async function svgToPng(svg: SVGSVGElement, background: string): Promise<Uint8Array> {
  const width = Number(svg.getAttribute("width")) || svg.clientWidth;
  const height = Number(svg.getAttribute("height")) || svg.clientHeight;
  const url = URL.createObjectURL(new Blob([standaloneSvg(svg, background)], { type: "image/svg+xml" }));
  try {
    const image = await loadImage(url);
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * PNG_SCALE);
    canvas.height = Math.round(height * PNG_SCALE);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("this browser gives no canvas to draw the image on");
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("the browser could not encode the PNG");
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function downloadPng(svg: SVGSVGElement, background: string, fileName: string): Promise<void> {
  downloadBytes(await svgToPng(svg, background), `${fileName}.png`, "image/png");
}
