/**
 * Bot work shared fairly (docs/server.md, "Bot workers"): every request to the bot workers names its
 * table and the table's owner (its creator). At most one request per worker runs at once; the next one
 * is taken round-robin over owners, and within an owner round-robin over its tables, so one address with
 * a hundred tables of search bots gets the workers' time of one owner, not a hundred tables' worth.
 */
export interface Who {
  readonly table: string;
  readonly owner: string;
}

interface Job {
  readonly run: () => Promise<unknown>;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: unknown) => void;
}

export class FairQueue {
  /** Waiting jobs by owner, then by table; Map order is the round-robin order (served ones move last). */
  private readonly waiting = new Map<string, Map<string, Job[]>>();
  private running = 0;
  private readonly slots: number;
  constructor(slots: number) {
    this.slots = slots;
  }

  /** Runs `task` when it is this table's turn. */
  run<T>(who: Who, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const tables = this.waiting.get(who.owner) ?? new Map<string, Job[]>();
      this.waiting.set(who.owner, tables);
      const jobs = tables.get(who.table) ?? [];
      tables.set(who.table, jobs);
      jobs.push({ run: task, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** Jobs waiting (not running). */
  get size(): number {
    let n = 0;
    for (const tables of this.waiting.values()) for (const jobs of tables.values()) n += jobs.length;
    return n;
  }

  private next(): Job | undefined {
    for (const [owner, tables] of this.waiting) {
      for (const [table, jobs] of tables) {
        const job = jobs.shift()!;
        tables.delete(table);
        if (jobs.length > 0) tables.set(table, jobs);
        this.waiting.delete(owner);
        if (tables.size > 0) this.waiting.set(owner, tables);
        return job;
      }
    }
    return undefined;
  }

  private pump() {
    while (this.running < this.slots) {
      const job = this.next();
      if (!job) return;
      this.running++;
      job
        .run()
        .then(job.resolve, job.reject)
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}
