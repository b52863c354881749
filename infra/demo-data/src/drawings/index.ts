export { Pen, r1, type Stroke } from './pen.js';
export { PART_DRAWINGS, partDrawing, type PartDrawing } from './parts.js';
export {
  explodedDiagram,
  diagramLayout,
  escapeXml,
  SPANISH_DIAGRAM_WORDS,
  type DiagramItem,
  type DiagramTitle,
  type DiagramLayout,
  type DiagramWords,
} from './exploded.js';
export { productPhotoSvg, partPhotoUrl, brandColor, PHOTO_SIZE, type PhotoSubject } from './photo.js';
export { wordmarkSvg, makeColors, WORDMARK_WIDTH, WORDMARK_HEIGHT } from './wordmark.js';
