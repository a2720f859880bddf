// Group commit: calls to transfer outside a caller's transaction wait in a queue for a moment and
// are written together, in one statement and one commit, so that a commit (a disk flush, a round
// trip) is paid once for many calls. Each call stays all or nothing on its own and gets the answer
// it would have got alone, the calls of a group taken one after another in queue order (statement.ts
// decides each call's refusal); a call whose group failed, or whose refusal the statement could not
// be sure of, is written again in a group of its own. A group forms from what is queued when a
// group finishes or a call arrives, with fewer than `inFlight` groups being written; it holds at
// most one statement's worth of transfers and never two calls with one key (their order matters).
import type { AloneAnswer } from "./batch.ts";
import { LedgerError } from "./errors.ts";
import type { Transfer, TransferRequest } from "./requests.ts";

/** The most transfers in one group: the most one call may carry. */
const GROUP_TRANSFERS = 100;

interface Call {
  list: TransferRequest[];
  /** To be written in a group of its own: its group failed, or could not be sure of its refusal. */
  alone: boolean;
  resolve(transfers: Transfer[]): void;
  reject(error: unknown): void;
}

/**
 * Answers `submit(list)` by writing queued calls through `write`, at most `inFlight` groups at a
 * time (one where the database has one connection; more may share a pool of connections).
 */
export function groupCommit(write: (calls: TransferRequest[][]) => Promise<AloneAnswer[]>, inFlight: number) {
  const queue: Call[] = [];
  /** The keys and the accounts of the groups being written. */
  const writing = { keys: new Set<string>(), accounts: new Set<string>() };
  let running = 0;
  let scheduled = false;

  // After the callers' continuations and the I/O that is ready: what they send joins the next group.
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(start);
  }

  function start(): void {
    scheduled = false;
    while (running < inFlight) {
      const group = take();
      if (group.length === 0) return;
      running++;
      void commit(group).finally(() => {
        running--;
        if (queue.length > 0) schedule();
      });
    }
  }

  /**
   * The next group, in queue order: calls whose keys are free, up to GROUP_TRANSFERS transfers,
   * touching no account of a group being written (the statement would wait for that group's locks,
   * then re-read each row it changed: slower than waiting here). A call left waiting keeps its
   * accounts from later calls, so none overtakes it for ever.
   */
  function take(): Call[] {
    const group: Call[] = [];
    const keys = new Set<string>();
    const waiting = new Set<string>();
    let size = 0;
    const free = ({ key, debit, credit }: TransferRequest) =>
      !keys.has(key) && !writing.keys.has(key) && [debit, credit].every((id) => !writing.accounts.has(id) && !waiting.has(id));
    for (let index = 0; index < queue.length && !group[0]?.alone;) {
      const call = queue[index]!;
      if ((call.alone && group.length > 0) || !call.list.every(free)) {
        for (const { debit, credit } of call.list) waiting.add(debit).add(credit);
        index++;
        continue;
      }
      // A big call that does not fit waits at its place for the next group rather than being overtaken.
      if (size + call.list.length > GROUP_TRANSFERS) break;
      queue.splice(index, 1);
      group.push(call);
      size += call.list.length;
      for (const request of call.list) keys.add(request.key);
    }
    claim(group, true);
    return group;
  }

  function claim(group: Call[], writes: boolean): void {
    for (const { list } of group) {
      for (const { key, debit, credit } of list) {
        for (const [set, name] of [
          [writing.keys, key],
          [writing.accounts, debit],
          [writing.accounts, credit],
        ] as const) {
          if (writes) set.add(name);
          else set.delete(name);
        }
      }
    }
  }

  async function commit(group: Call[]): Promise<void> {
    let answers: AloneAnswer[] | null = null;
    let failure: unknown;
    try {
      answers = await write(group.map((call) => call.list));
    } catch (error) {
      failure = error;
    }
    claim(group, false);
    if (!answers) {
      if (group.length === 1) return group[0]!.reject(failure);
      // The error does not say which call failed the statement (nor, if the answer was lost after
      // the commit, whether it was written): each is written again alone and answered its own
      // result or error, a key already written answering its transfer.
      queue.unshift(...group.map((call) => ({ ...call, alone: true })));
      return;
    }
    const later: Call[] = [];
    answers.forEach((answer, index) => {
      const call = group[index]!;
      if (answer === "later") later.push({ ...call, alone: true });
      else if (answer instanceof LedgerError) call.reject(answer);
      else call.resolve(answer);
    });
    // Short of funds, perhaps only because one of its keys was written meanwhile by another
    // transaction: alone, the statement tries to write it and the database decides, as without groups.
    queue.unshift(...later);
  }

  return {
    /** Queues a validated call (its keys distinct) and answers its transfers or its refusal. */
    submit(list: TransferRequest[]): Promise<Transfer[]> {
      return new Promise((resolve, reject) => {
        queue.push({ list, alone: false, resolve, reject });
        schedule();
      });
    },
  };
}
