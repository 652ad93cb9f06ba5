import { EventEmitter } from 'node:events';

/**
 * "Outbox rows of this kind were committed" in this process: what wakes the kind's dispatcher
 * at once instead of at its next scheduled run. A lost or doubled signal costs at most a needless
 * run or a wait for the schedule: the dispatcher always reads the rows' state itself.
 */
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function signalOutboxCommitted(kind: string): void {
  emitter.emit('kind', kind);
}

/** Subscribes to the signal; returns the unsubscribe function. */
export function onOutboxCommitted(listener: (kind: string) => void): () => void {
  emitter.on('kind', listener);
  return () => emitter.off('kind', listener);
}
