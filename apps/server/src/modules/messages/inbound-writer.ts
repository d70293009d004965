import type { Database } from '../../db/client';
import {
  carrierKey,
  insertInbound,
  insertInboundBatch,
  isDuplicateCarrierId,
  storedMessageIds,
  type InboundInsert,
  type InboundRows,
} from './inbound-statement';

type Pending = {
  value: InboundInsert;
  key: string;
  resolve: (rows: InboundRows | null) => void;
  reject: (error: unknown) => void;
};

/** How many statements one writer keeps in flight, and how many texts one statement carries. */
export type InboundWriterOptions = { maxInFlight: number; maxBatch: number };

const DEFAULTS: InboundWriterOptions = { maxInFlight: 2, maxBatch: 100 };

/** The conversation a text goes to: (team number, sender). */
function conversationKey(v: InboundInsert): string {
  return `${v.to}\n${v.from}`;
}

/**
 * Ingest (docs/behaviour/messages.md): group commit of inbound texts. `write` resolves once the text is
 * committed (durable before the webhook's 2xx, as with one statement per text), with what
 * `insertInbound` returns. Texts that arrive while `maxInFlight` statements are running wait and
 * then go together in one statement (`insertInboundBatch`): one round trip, plan, commit and WAL
 * flush for the lot. An idle server still writes each text at once, alone (no timer, no added
 * latency); a loaded one writes more per statement, so a stall is caught up in a few statements
 * instead of a queue of hundreds (docs/benchmarks.md, "Group commit").
 * Per conversation, texts are written in the order they were given: a text waits while an
 * earlier text of its conversation is queued or in flight (which also keeps two texts of one
 * conversation out of one statement). A batch that fails on carrier ids already stored (retries)
 * answers those texts as duplicates and writes the others again as one batch; a batch that fails
 * otherwise (a carrier id twice in it, a value the database refuses) is written again one text at
 * a time. Either way each text gets its own outcome — exactly the outcome it had before batching.
 */
export class InboundWriter {
  private readonly queue: Pending[] = [];
  /** Conversation keys of the texts in flight (at most one text per conversation is). */
  private readonly busy = new Set<string>();
  private inFlight = 0;
  private scheduled = false;
  private readonly options: InboundWriterOptions;

  constructor(
    private readonly db: Database,
    options: Partial<InboundWriterOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * Queues `value` for the next statement. Resolves with its rows, or null when no team has
   * the number `value.to`. Rejects with the database's error for this text alone (e.g. the
   * unique violation of a carrier id already stored: see `isDuplicateCarrierId`).
   */
  write(value: InboundInsert): Promise<InboundRows | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ value, key: conversationKey(value), resolve, reject });
      this.schedule();
    });
  }

  /**
   * Statements sent, texts they carried, largest batch, batches written again one by one, texts
   * found already stored after their batch failed (diagnostics, tests).
   */
  readonly stats = { statements: 0, texts: 0, largestBatch: 0, fallbacks: 0, storedRetries: 0 };

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // After the I/O phase: every webhook read in this turn of the event loop joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.options.maxInFlight) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight++;
      for (const p of batch) this.busy.add(p.key);
      void this.run(batch).finally(() => {
        this.inFlight--;
        for (const p of batch) this.busy.delete(p.key);
        this.schedule();
      });
    }
  }

  /** Takes from the queue, in order, up to `maxBatch` texts of distinct conversations that have no text in flight. */
  private take(): Pending[] {
    const batch: Pending[] = [];
    // Conversations already met in this scan, taken or left: a later text of one of them must
    // neither join the batch (one row updated twice) nor overtake the text left in the queue.
    const seen = new Set<string>();
    let kept = 0;
    for (let i = 0; i < this.queue.length; i++) {
      const p = this.queue[i]!;
      if (batch.length < this.options.maxBatch && !seen.has(p.key) && !this.busy.has(p.key)) batch.push(p);
      else this.queue[kept++] = p;
      seen.add(p.key);
    }
    this.queue.length = kept;
    return batch;
  }

  /** Writes `batch`; `retried`: it is what is left of a batch that failed on stored carrier ids. */
  private async run(batch: Pending[], retried = false): Promise<void> {
    this.stats.statements++;
    this.stats.texts += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    if (batch.length === 1) {
      const [p] = batch as [Pending];
      await insertInbound(this.db, p.value).then(p.resolve, p.reject);
      return;
    }
    // One lock order for every batch: two concurrent statements cannot deadlock on conversations.
    const sorted = [...batch].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    let rows: (InboundRows | null)[];
    try {
      rows = await insertInboundBatch(
        this.db,
        sorted.map((p) => p.value),
      );
    } catch (error) {
      // Nothing of the batch was kept. Retries of stored texts (many after a restart: the
      // carrier resends what got no 2xx) are answered as duplicates and the rest goes again as
      // one batch, rather than the whole batch one text at a time.
      if (isDuplicateCarrierId(error) && !retried) {
        const stored = await storedMessageIds(
          this.db,
          batch.map((p) => p.value),
        ).catch(() => new Map<string, string>());
        const isStored = (p: Pending) => stored.has(carrierKey(p.value));
        if (stored.size > 0) {
          const rest = batch.filter((p) => !isStored(p));
          this.stats.storedRetries += batch.length - rest.length;
          for (const p of batch) if (isStored(p)) p.reject(error);
          if (rest.length > 0) await this.run(rest, true);
          return;
        }
      }
      // Each text alone, in the order given, gets the outcome it would have had without
      // batching (of two texts with one carrier id, the first is kept).
      this.stats.statements += batch.length;
      this.stats.fallbacks++;
      for (const p of batch) await insertInbound(this.db, p.value).then(p.resolve, p.reject);
      return;
    }
    sorted.forEach((p, i) => p.resolve(rows[i] ?? null));
  }
}

const writers = new WeakMap<Database, InboundWriter>();

/** The one writer of `db` (per process: the batches of one process share its pool). */
export function inboundWriterOf(db: Database): InboundWriter {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new InboundWriter(db)));
  return writer;
}
