/** The exploded diagrams live with the other drawings (src/drawings); the catalogue's names for them. */
export {
  explodedDiagram,
  diagramLayout,
  escapeXml,
  DIAGRAM_WIDTH,
  DIAGRAM_HEIGHT,
  CALLOUT_RADIUS,
  type DiagramItem,
  type DiagramTitle,
  type DiagramLayout,
} from '../drawings/exploded.js';
