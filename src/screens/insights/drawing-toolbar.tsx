/** The drawing tool's controls: tool, colour, width, delete, undo and redo. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { viewerModesMachine } from '@machines/viewer-modes/viewer-modes.machine.ts';
import { selectSelectedShape, selectStyle, selectTool } from '@machines/viewer-modes/viewer-modes.selectors.ts';
import { DRAW_TOOLS, type DrawTool } from '@machines/viewer-modes/viewer-modes.types.ts';
import { Button } from '../../ui/button.tsx';
import * as css from './insights.css.ts';

const LABELS: Record<DrawTool, string> = {
  select: 'Select',
  freehand: 'Freehand',
  line: 'Line',
  arrow: 'Arrow',
  rectangle: 'Rectangle',
  ellipse: 'Ellipse',
  text: 'Text',
};

export function DrawingToolbar({ actor, canUndo, canRedo }: { actor: ActorRefFrom<typeof viewerModesMachine>; canUndo: boolean; canRedo: boolean }) {
  const tool = useSelector(actor, selectTool);
  const style = useSelector(actor, selectStyle);
  const selected = useSelector(actor, selectSelectedShape);
  return (
    <div className={css.panel} role="toolbar" aria-label="Drawing tools">
      <div className={css.row}>
        {DRAW_TOOLS.map((t) => (
          <Button
            key={t}
            size="sm"
            aria-pressed={tool === t}
            tone={tool === t ? 'primary' : 'secondary'}
            onClick={() => actor.send({ type: 'tool.choose', tool: t })}
          >
            {LABELS[t]}
          </Button>
        ))}
      </div>
      <div className={css.row}>
        <label>
          Colour{' '}
          <input type="color" aria-label="Colour" value={style.colour} onChange={(e) => actor.send({ type: 'style.set', style: { colour: e.target.value } })} />
        </label>
        <label>
          Width{' '}
          <input
            type="range"
            aria-label="Width"
            min={1}
            max={12}
            value={style.width}
            onChange={(e) => actor.send({ type: 'style.set', style: { width: Number(e.target.value) } })}
          />
        </label>
        <Button size="sm" disabled={!selected} onClick={() => actor.send({ type: 'shape.delete' })}>
          Delete shape
        </Button>
        <Button size="sm" disabled={!canUndo} onClick={() => actor.send({ type: 'history.undo' })}>
          Undo
        </Button>
        <Button size="sm" disabled={!canRedo} onClick={() => actor.send({ type: 'history.redo' })}>
          Redo
        </Button>
      </div>
    </div>
  );
}
