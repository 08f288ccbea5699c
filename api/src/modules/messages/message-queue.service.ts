import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PgBoss, type Queue, type UpdateQueueOptions } from 'pg-boss';
import type { DataSource } from 'typeorm';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport.js';
import { FETCHES_AT_ONCE, JOBS_PER_FETCH, MESSAGES_PER_JOB, MessageSender, type SendJob } from './message-sender.service.js';
import { MessagesRepository } from './messages.repository.js';

export const SEND_QUEUE = 'message-send';
export const REMINDER_QUEUE = 'message-reminders';
const ENQUEUE_BATCH = 1000;

/**
 * The job queue (pg-boss, in the product's database) and its workers. Every message row without a job gets one (row and job
 * in one transaction), each second and when kicked: rows of a crashed producer, another replica or a lapsed attempt go too.
 */
@Injectable()
export class MessageQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Messages');
  private boss: PgBoss | undefined;
  private sendWorker: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** The reminder run, set by MessagesService (it owns the rule). */
  reminders: (() => Promise<unknown>) | undefined;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: MessagesRepository,
    private readonly sender: MessageSender,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const url = (this.db.options as { url?: string }).url;
    const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 3, application_name: 'impact-calls-jobs' });
    boss.on('error', (e: unknown) => this.logger.error(`Job queue: ${e instanceof Error ? e.message : String(e)}`));
    await boss.start();
    this.boss = boss;
    const m = this.settings.messages;
    await this.ensureQueue(SEND_QUEUE, {
      retryLimit: m.attempts - 1,
      retryDelay: m.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: m.retryDelayMaxSeconds,
      expireInSeconds: m.attemptTimeoutSeconds,
    });
    await this.ensureQueue(REMINDER_QUEUE, { retryLimit: 2, retryDelay: 60, expireInSeconds: 600 });
    await boss.schedule(REMINDER_QUEUE, m.reminderCron);
    this.sendWorker = await boss.work<SendJob['data']>(
      SEND_QUEUE,
      {
        // A fetch costs a handful of statements (fetch, claim, context, settle, complete) whatever its size.
        batchSize: JOBS_PER_FETCH,
        localConcurrency: FETCHES_AT_ONCE,
        pollingIntervalSeconds: 1,
        burstWhenBatchFull: true,
        includeMetadata: true,
        perJobResults: true,
      },
      (jobs) => this.sender.sendJobs(jobs as unknown as SendJob[]),
    );
    await boss.work(REMINDER_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
      await this.reminders?.();
    });
    this.timer = setInterval(() => this.kick(), 1000).unref();
    this.kick();
  }

  private async ensureQueue(name: string, options: Omit<Queue, 'name'> & UpdateQueueOptions): Promise<void> {
    const boss = this.boss!;
    if (await boss.getQueue(name)) return boss.updateQueue(name, options);
    // Another replica (or test worker) may create it at the same moment: then it is updated.
    await boss.createQueue(name, options).catch(() => boss.updateQueue(name, options));
  }

  /** Gives waiting messages their jobs now (after queueing some); never throws, never waits. */
  kick(): void {
    if (this.stopped || !this.boss) return;
    if (this.pumping) this.again = true;
    else this.pumping = this.pump().finally(() => (this.pumping = undefined));
  }

  private async pump(): Promise<void> {
    try {
      do {
        this.again = false;
        if (!(await this.repo.hasUnqueued())) continue;
        let added = 0;
        for (let n = ENQUEUE_BATCH; n === ENQUEUE_BATCH && !this.stopped; added += n) n = await this.enqueueBatch();
        if (added && this.sendWorker) this.boss?.notifyWorker(this.sendWorker);
      } while (this.again && !this.stopped);
    } catch (e) {
      // The database is away: the next tick tries again; nothing is lost (the rows are there).
      this.logger.warn(`Could not queue messages: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Up to ENQUEUE_BATCH messages get their jobs: rows and jobs in one transaction. */
  private enqueueBatch(): Promise<number> {
    return this.repo.transaction(async (m, client) => {
      const claimed = await this.repo.claimUnqueued(m, ENQUEUE_BATCH, MESSAGES_PER_JOB);
      if (claimed.length) {
        const jobs = new Map<string, string[]>();
        for (const c of claimed) jobs.set(c.jobId, [...(jobs.get(c.jobId) ?? []), c.id]);
        await this.boss!.insert(
          SEND_QUEUE,
          [...jobs].map(([id, messageIds]) => ({ id, data: { messageIds } })),
          { db: { executeSql: (text: string, values?: unknown[]) => client.query(text, values) } },
        );
      }
      return claimed.length;
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.pumping;
    // Graceful: the attempts in flight finish (and record their outcome) before the pool closes.
    await this.boss?.stop({ graceful: true, timeout: 10_000 }).catch((e: unknown) => this.logger.warn(`Job queue stop: ${String(e)}`));
    this.transport.close();
  }
}
