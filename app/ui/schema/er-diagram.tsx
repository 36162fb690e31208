// The entity-relationship diagram (React Flow, laid out by ELK in a worker): tables with their column rows, foreign keys row to row, the pruning's kept/dropped marks and join path.
import { memo, useEffect, useMemo, useState } from "react";
import { errorMessage } from "../../core/error-message";
import { Background, Controls, Handle, MarkerType, MiniMap, Position, ReactFlow, type Edge, type Node, type NodeProps } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import "./er-diagram.css";
import type { DatabaseSchema } from "../../core/db/types";
import { formatCountOf } from "../../core/format";
import { layoutWithElk, startElk } from "./elk-runner";
import {
  buildErModel,
  positionsFrom,
  sourceHandleId,
  targetHandleId,
  toElkGraph,
  type ErEdge,
  type ErHighlight,
  type ErModel,
  type ErTable,
} from "./er-layout";

export interface ErDiagramProps {
  schema: DatabaseSchema;
  /** A pruning to show: kept tables and columns emphasized, the rest dimmed, the join path drawn apart. */
  highlight?: ErHighlight | null;
  /** Compact boxes (keys and kept columns only); by default chosen by the schema's size. */
  compact?: boolean;
  /** The diagram's accessible name. */
  label?: string;
}

// This module loads only when a diagram is about to show (or the pointer is on its button): start ELK's worker now.
startElk();

type TableNode = Node<{ table: ErTable }, "table">;

const MARK_TEXT = { kept: "kept", dropped: "dropped", plain: "" } as const;

// Memoized: React Flow re-renders nodes on every pan frame otherwise, which is what makes large diagrams slow.
const TableBox = memo(function TableBox({ data }: NodeProps<TableNode>) {
  const { table } = data;
  return (
    <div className={`er-table er-${table.mark}`} style={{ width: table.width, height: table.height }}>
      <div className="er-table-header">
        <span className="er-table-name">{table.name}</span>
        {table.kind === "view" && <span className="er-tag">view</span>}
        {table.mark !== "plain" && <span className={`er-tag er-mark-${table.mark}`}>{table.mark === "kept" ? "✓ kept" : "dropped"}</span>}
      </div>
      <ul className="er-columns">
        {table.columns.map((column) => (
          <li key={column.index} className={`er-column er-${column.mark}`} title={column.references ? `references ${column.references}` : undefined}>
            <Handle type="target" position={Position.Left} id={targetHandleId(column.index)} isConnectable={false} />
            <span className="er-key">
              {/* Short marks for the eye, words for screen readers. */}
              {column.primaryKey && (
                <abbr title="primary key" aria-hidden="true">
                  PK
                </abbr>
              )}
              {column.references && (
                <abbr title="foreign key" aria-hidden="true">
                  FK
                </abbr>
              )}
              <span className="er-sr-only">{[column.primaryKey && "primary key", column.references && "foreign key"].filter(Boolean).join(", ")}</span>
            </span>
            <span className="er-column-name">
              {column.mark === "kept" && <span aria-hidden="true">✓ </span>}
              {column.name}
            </span>
            <span className="er-column-type">{column.type || "any"}</span>
            {column.mark !== "plain" && <span className="er-sr-only">{MARK_TEXT[column.mark]}</span>}
            <Handle type="source" position={Position.Right} id={sourceHandleId(column.index)} isConnectable={false} />
          </li>
        ))}
      </ul>
      {table.hiddenColumns > 0 && <div className="er-more">+{formatCountOf(table.hiddenColumns, "more column", "more columns")}</div>}
    </div>
  );
});

const nodeTypes = { table: TableBox };

function tableLabel(table: ErTable): string {
  const kind = table.kind === "view" ? "View" : "Table";
  return table.mark === "plain" ? `${kind} ${table.name}` : `${kind} ${table.name}, ${table.mark}`;
}

function toFlowEdge(edge: ErEdge): Edge {
  const className = `er-edge er-${edge.joinPath ? "join" : edge.mark}`;
  return {
    id: edge.id,
    source: edge.source,
    sourceHandle: edge.sourceHandle,
    target: edge.target,
    targetHandle: edge.targetHandle,
    type: "smoothstep",
    className,
    animated: edge.joinPath,
    ariaLabel: edge.label,
    // Join-path edges above the rest, so a crossing never hides them.
    zIndex: edge.joinPath ? 1 : 0,
    markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16, color: edge.joinPath ? "var(--er-join)" : "var(--er-edge)" },
    focusable: false,
    selectable: false,
  };
}

function toFlowNodes(model: ErModel, positions: Map<string, { x: number; y: number }>): TableNode[] {
  return model.tables.map((table) => ({
    id: table.id,
    type: "table",
    position: positions.get(table.id) ?? { x: 0, y: 0 },
    data: { table },
    width: table.width,
    height: table.height,
    ariaLabel: tableLabel(table),
    ariaRole: "group",
    className: `er-node er-node-${table.mark}`,
    connectable: false,
  }));
}

export function ErDiagram({ schema, highlight, compact, label = "Entity-relationship diagram" }: ErDiagramProps) {
  const model = useMemo(() => buildErModel(schema, highlight, { compact }), [schema, highlight, compact]);
  const edges = useMemo(() => model.edges.map(toFlowEdge), [model]);
  const [laidOut, setLaidOut] = useState<{ model: ErModel; nodes: TableNode[] } | null>(null);
  // A failure belongs to the model it was laid out for: a new model shows no old error (derived, not reset in an effect).
  const [failure, setFailure] = useState<{ model: ErModel; message: string } | null>(null);
  const error = failure?.model === model ? failure.message : null;

  useEffect(() => {
    let current = true;
    layoutWithElk(toElkGraph(model)).then(
      (result) => current && setLaidOut({ model, nodes: toFlowNodes(model, positionsFrom(model, result)) }),
      (reason: unknown) => current && setFailure({ model, message: errorMessage(reason) }),
    );
    return () => {
      current = false;
    };
  }, [model]);

  // A new highlight keeps the old positions until ELK answers, so the picture does not jump to a blank.
  const nodes = useMemo(() => {
    if (!laidOut) return null;
    if (laidOut.model === model) return laidOut.nodes;
    const positions = new Map(laidOut.nodes.map((node) => [node.id, node.position]));
    return toFlowNodes(model, positions);
  }, [laidOut, model]);

  if (error)
    return (
      <p role="alert" className="er-status">
        The diagram could not be laid out: {error}
      </p>
    );
  if (!nodes)
    return (
      <p role="status" className="er-status">
        Laying out {formatCountOf(model.tables.length, "table")}…
      </p>
    );
  const large = model.tables.length > 60;
  // On a large schema the whole picture is too small to read: open at a readable zoom, on the kept tables when
  // there are some, else the middle (the minimap and the fit-view control still show everything).
  const kept = model.compact ? model.tables.filter((table) => table.mark === "kept").map((table) => ({ id: table.id })) : [];
  const fitViewOptions = model.compact
    ? { padding: 0.05, minZoom: 0.4, maxZoom: 1, ...(kept.length > 0 ? { nodes: kept } : {}) }
    : { padding: 0.05, minZoom: 0.05 };
  return (
    <div className={`er-diagram${model.compact ? " er-compact" : ""}`} data-ready="true">
      {model.compact && <p className="er-note">Large schema: boxes list keys{highlight ? " and kept columns" : ""}; the schema panel lists every column.</p>}
      <ReactFlow
        aria-label={label}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        colorMode="system"
        fitView
        fitViewOptions={fitViewOptions}
        minZoom={0.05}
        maxZoom={2}
        nodesConnectable={false}
        nodesDraggable={!large}
        edgesFocusable={false}
        elementsSelectable={false}
        deleteKeyCode={null}
        onlyRenderVisibleElements={large}
      >
        <Background gap={24} />
        <Controls showInteractive={false} fitViewOptions={{ padding: 0.05, minZoom: 0.05 }} />
        <MiniMap pannable zoomable ariaLabel="Overview of the diagram" nodeClassName={(node) => String(node.className ?? "")} />
      </ReactFlow>
    </div>
  );
}

export default ErDiagram;
