import { fitWithin } from "./picture-file";

export const PICTURE_MAX_EDGE = 800;
export const PICTURE_JPEG_QUALITY = 0.85;

async function decode(
  file: Blob,
): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap === "function") {
    // Honours the photo's EXIF orientation, so phone portraits are not sideways.
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => undefined };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * docs/product/rules.md#profile: the picture is resized in the browser to at most 800x800 and sent
 * as a JPEG (quality 0.85) data URL. Rejects when the file is not a decodable image.
 */
export async function resizeToJpegDataUrl(
  file: Blob,
  maxEdge = PICTURE_MAX_EDGE,
  quality = PICTURE_JPEG_QUALITY,
): Promise<string> {
  const image = await decode(file);
  try {
    const { width, height } = fitWithin(image.width, image.height, maxEdge);
    if (!width || !height) throw new Error("Empty image");
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("Canvas is not available");
    // JPEG has no transparency: a transparent PNG would otherwise turn black.
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, width, height);
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(image.source, 0, 0, width, height);
    return canvas.toDataURL("image/jpeg", quality);
  } finally {
    image.close();
  }
}
