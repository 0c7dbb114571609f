import { type DragEvent, type HTMLAttributes, useState } from 'react';
import { dropOnto } from './app-config.logic';

/**
 * Rows reordered by dragging one onto another (the mouse; the up/down buttons stay for the keyboard). `onRow` gives a
 * table row its drag handlers; `onReorder` gets every id in the new order once the row is dropped somewhere else.
 */
export function useRowDrag(ids: readonly number[], onReorder: (ids: number[]) => void, enabled = true) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const onRow = (id: number): HTMLAttributes<HTMLElement> => {
    if (!enabled) return {};
    return {
      draggable: true,
      onDragStart: (e: DragEvent) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(id));
        setDragged(id);
      },
      onDragOver: (e: DragEvent) => {
        if (dragged === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (over !== id) setOver(id);
      },
      onDragEnd: () => {
        setDragged(null);
        setOver(null);
      },
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        const from = dragged;
        setDragged(null);
        setOver(null);
        if (from === null || from === id) return;
        onReorder(dropOnto(ids, from, id));
      },
      style: {
        cursor: 'grab',
        ...(over === id && dragged !== null && dragged !== id ? { outline: '2px dashed #1677ff', outlineOffset: -2 } : {}),
      },
    };
  };
  return { onRow };
}
