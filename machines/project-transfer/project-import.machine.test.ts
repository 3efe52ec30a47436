/**
 * The project import by its events: the picked archive's bytes count up, the machine moves to
 * "importing" when every byte is out and announces the new project when the server answers; a
 * cancel while uploading stops the send; a refusal keeps the server's words and a new pick starts
 * over.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyActorRef } from 'xstate';
import type { ProjectImportResult } from '@canopy/contract/project-transfer.ts';
import { projectImportMachine, sentPercent, type ArchiveSendEvent, type ProjectImportEmitted, type ProjectImportEvent } from './project-import.machine.ts';

const RESULT: ProjectImportResult = { id: 42, name: 'Harbour Towers', records: { projects: 1 }, blobs: 3, bytes: 1000 };
const archive = (name = 'harbour.canopy.zip', bytes = 100) => new File([new Uint8Array(bytes)], name, { type: 'application/zip' });

/** A send the test drives: each started send is recorded with a way to report back and whether it was stopped. */
function start() {
  const sends: { file: File; report: (e: ArchiveSendEvent) => void; stopped: boolean }[] = [];
  const emitted: ProjectImportEmitted[] = [];
  const actor = createActor(
    projectImportMachine.provide({
      actors: {
        sendArchive: fromCallback<ProjectImportEvent, { file: File }, ArchiveSendEvent>(({ input, sendBack }) => {
          const send = { file: input.file, report: sendBack, stopped: false };
          sends.push(send);
          return () => {
            send.stopped = true;
          };
        }),
      },
    }),
  );
  actor.on('project.imported', (e) => emitted.push(e));
  actor.start();
  return { actor, sends, emitted };
}

const stateOf = (actor: AnyActorRef) => actor.getSnapshot().value;

describe('projectImportMachine', () => {
  it('counts the bytes out, then waits for the server, then announces the new project', () => {
    const { actor, sends, emitted } = start();
    const file = archive();
    actor.send({ type: 'import.pick', file });
    expect(stateOf(actor)).toEqual({ running: 'uploading' });
    expect(sends.map((s) => s.file)).toEqual([file]);
    expect(sentPercent(actor.getSnapshot().context)).toBe(0);
    sends[0]!.report({ type: 'import.progress', loaded: 40, total: 100 });
    expect(sentPercent(actor.getSnapshot().context)).toBe(40);
    expect(stateOf(actor)).toEqual({ running: 'uploading' });
    sends[0]!.report({ type: 'import.progress', loaded: 100, total: 100 });
    expect(stateOf(actor)).toEqual({ running: 'importing' });
    expect(emitted).toEqual([]);
    sends[0]!.report({ type: 'import.done', project: RESULT });
    expect(stateOf(actor)).toBe('idle');
    expect(emitted).toEqual([{ type: 'project.imported', project: RESULT }]);
    expect(actor.getSnapshot().context).toEqual({ file: null, loaded: 0, total: 0, message: null });
    expect(sends[0]!.stopped).toBe(true);
  });

  it('stops the send on a cancel while uploading, and ignores what it might still say', () => {
    const { actor, sends, emitted } = start();
    actor.send({ type: 'import.pick', file: archive() });
    sends[0]!.report({ type: 'import.progress', loaded: 30, total: 100 });
    actor.send({ type: 'import.cancel' });
    expect(stateOf(actor)).toBe('idle');
    expect(sends[0]!.stopped).toBe(true);
    sends[0]!.report({ type: 'import.done', project: RESULT });
    expect(emitted).toEqual([]);
    expect(stateOf(actor)).toBe('idle');
  });

  it('has no cancel once every byte is sent, since the server goes on writing', () => {
    const { actor, sends } = start();
    actor.send({ type: 'import.pick', file: archive() });
    sends[0]!.report({ type: 'import.progress', loaded: 100, total: 100 });
    actor.send({ type: 'import.cancel' });
    expect(stateOf(actor)).toEqual({ running: 'importing' });
    expect(sends[0]!.stopped).toBe(false);
  });

  it('keeps the server’s words on a refusal and starts over on a new pick', () => {
    const { actor, sends, emitted } = start();
    actor.send({ type: 'import.pick', file: archive('old.zip') });
    sends[0]!.report({ type: 'import.failed', error: new Error('blobs/x.glb: SHA-256 00ff, the manifest says 11aa.') });
    expect(stateOf(actor)).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('blobs/x.glb: SHA-256 00ff, the manifest says 11aa.');
    expect(actor.getSnapshot().context.file?.name).toBe('old.zip');
    const again = archive('new.zip');
    actor.send({ type: 'import.pick', file: again });
    expect(stateOf(actor)).toEqual({ running: 'uploading' });
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(sends.map((s) => s.file.name)).toEqual(['old.zip', 'new.zip']);
    sends[1]!.report({ type: 'import.done', project: RESULT });
    expect(emitted).toHaveLength(1);
  });

  it('ignores a second pick while one archive is going', () => {
    const { actor, sends } = start();
    actor.send({ type: 'import.pick', file: archive('a.zip') });
    actor.send({ type: 'import.pick', file: archive('b.zip') });
    expect(sends).toHaveLength(1);
    expect(actor.getSnapshot().context.file?.name).toBe('a.zip');
  });

  it('reads the share sent in whole percent, and none of an empty total', () => {
    expect(sentPercent({ loaded: 1, total: 3 })).toBe(33);
    expect(sentPercent({ loaded: 5, total: 4 })).toBe(100);
    expect(sentPercent({ loaded: 5, total: 0 })).toBe(0);
  });
});
