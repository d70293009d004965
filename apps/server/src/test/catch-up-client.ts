import {
  catchUpAfterSeq,
  MESSAGE_PAGE_SIZE_MAX,
  type Conversation,
  type ConversationPage,
  type Message,
  type MessagePage,
  type RealtimeEvents,
} from '@accueil/domain';
import { io, type Socket } from 'socket.io-client';

/**
 * What one client saw: connections, catch-ups, failed catch-up requests, events dropped as
 * stale or arriving after a higher seq, and catch-ups that found a hole in the held seqs
 * (starting after the highest seq held would have lost messages for good).
 */
export type ClientCounters = {
  connects: number;
  disconnects: number;
  catchUps: number;
  failedRequests: number;
  staleEvents: number;
  lateEvents: number;
  holesAtCatchUp: number;
};

/**
 * A realtime client that keeps conversations the way the web app does (docs/api.md "Realtime";
 * apps/web/src/features/conversations/{stale-events,message-cache,use-conversations-realtime}.ts):
 * - `message:created`/`message:updated`: a held message is replaced only by a higher
 *   `version`; a new one is inserted at its `seq`;
 * - `conversation:updated`, and the conversation a `message:created` carries: kept only when
 *   its `version` is newer;
 * - after every connect: the list, then per conversation `messages?after=<catch-up point>`
 *   page by page, then the newest page again.
 * Used by the reliability tests to check that every client ends with every message.
 */
export class CatchUpClient {
  private current: Socket;
  readonly counters: ClientCounters = {
    connects: 0,
    disconnects: 0,
    catchUps: 0,
    failedRequests: 0,
    staleEvents: 0,
    lateEvents: 0,
    holesAtCatchUp: 0,
  };
  /** Per conversation id, the messages held, ordered by seq. */
  readonly messages = new Map<string, Message[]>();
  /** Every `message:created` as it arrived, before any rule (to check arrival order). */
  readonly arrivals: Message[] = [];
  /** Per conversation id, the highest version held. */
  readonly versions = new Map<string, number>();
  private catchingUp: Promise<void> | null = null;
  private again = false;
  private closed = false;

  /** `baseUrl` serves both REST and Socket.IO (a proxy or a server process); `jwt` is the access token. */
  constructor(
    private baseUrl: string,
    private readonly jwt: string,
    private readonly options: { reconnectionDelayMs?: number } = {},
  ) {
    this.current = this.open();
  }

  /** The client's socket (a new one after `moveTo`). */
  get socket(): Socket {
    return this.current;
  }

  /** Resolves after the first connect and its catch-up. */
  async ready(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.counters.catchUps === 0 || this.catchingUp) {
      if (Date.now() > deadline) throw new Error('CatchUpClient: not ready in time');
      await (this.catchingUp ?? sleep(20));
    }
  }

  /** True when connected with no catch-up running or due. */
  get settled(): boolean {
    return this.socket.connected && this.catchingUp === null && !this.again && this.counters.catchUps > 0;
  }

  /**
   * Drops the connection and connects to another server process (what a load balancer does
   * after a drop), keeping what the client holds: the new connection catches up like any other.
   */
  moveTo(baseUrl: string): void {
    this.current.disconnect();
    this.baseUrl = baseUrl;
    this.current = this.open();
  }

  close(): void {
    this.closed = true;
    this.socket.disconnect();
  }

  /** Messages held for a conversation, ordered by seq. */
  held(conversationId: string): Message[] {
    return this.messages.get(conversationId) ?? [];
  }

  private open(): Socket {
    const delay = this.options.reconnectionDelayMs ?? 200;
    const socket = io(this.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: delay,
      reconnectionDelayMax: delay * 5,
      auth: { token: this.jwt },
    });
    socket.on('connect', () => {
      this.counters.connects += 1;
      this.catchUp();
    });
    socket.on('disconnect', () => {
      this.counters.disconnects += 1;
    });
    socket.on('message:created', ({ message, conversation }: RealtimeEvents['message:created']) => {
      this.arrivals.push(message);
      this.applyMessage(message, true);
      this.applyConversation(conversation);
    });
    socket.on('message:updated', ({ message }: RealtimeEvents['message:updated']) =>
      this.applyMessage(message, true),
    );
    socket.on('conversation:updated', ({ conversation }: RealtimeEvents['conversation:updated']) =>
      this.applyConversation(conversation),
    );
    return socket;
  }

  /** The web's `upsertMessage`: replace by id only when newer, else insert at its seq. */
  private applyMessage(message: Message, fromEvent: boolean): void {
    const items = this.messages.get(message.conversationId) ?? [];
    this.messages.set(message.conversationId, items);
    const index = items.findIndex((m) => m.id === message.id);
    if (index >= 0) {
      if (message.version > items[index]!.version) items[index] = message;
      else if (fromEvent) this.counters.staleEvents += 1;
      return;
    }
    let at = items.length;
    while (at > 0 && items[at - 1]!.seq > message.seq) at -= 1;
    if (fromEvent && at < items.length) this.counters.lateEvents += 1;
    items.splice(at, 0, message);
  }

  private applyConversation(conversation: Conversation): void {
    const current = this.versions.get(conversation.id);
    if (current !== undefined && conversation.version <= current) return;
    this.versions.set(conversation.id, conversation.version);
  }

  /** Starts a catch-up, or asks for one more after the running one (events may have been missed meanwhile). */
  private catchUp(): void {
    if (this.catchingUp) {
      this.again = true;
      return;
    }
    this.catchingUp = this.runCatchUps().finally(() => {
      this.catchingUp = null;
    });
  }

  private async runCatchUps(): Promise<void> {
    do {
      this.again = false;
      while (!this.closed) {
        try {
          await this.catchUpOnce();
          this.counters.catchUps += 1;
          break;
        } catch {
          this.counters.failedRequests += 1;
          await sleep(50);
        }
      }
    } while (this.again && !this.closed);
  }

  private async catchUpOnce(): Promise<void> {
    const list = await this.get<ConversationPage>('/api/conversations?limit=200');
    for (const c of list.items) this.applyConversation(c);
    await Promise.all(list.items.map((c) => this.catchUpConversation(c.id)));
  }

  private async catchUpConversation(id: string): Promise<void> {
    const seqs = this.held(id).map((m) => m.seq);
    if (seqs.length && catchUpAfterSeq(seqs, 1) < Math.max(...seqs)) this.counters.holesAtCatchUp += 1;
    for (let guard = 0; guard < 50; guard += 1) {
      // Held from seq 1 on (the first catch-up fetched everything): see catchUpAfterSeq.
      const after = catchUpAfterSeq(
        this.held(id).map((m) => m.seq),
        1,
      );
      const page = await this.get<MessagePage>(
        `/api/conversations/${id}/messages?after=${after}&limit=${MESSAGE_PAGE_SIZE_MAX}`,
      );
      for (const m of page.items) this.applyMessage(m, false);
      if (page.items.length < MESSAGE_PAGE_SIZE_MAX) break;
    }
    const newest = await this.get<MessagePage>(`/api/conversations/${id}/messages`);
    for (const m of newest.items) this.applyMessage(m, false);
  }

  private async get<T>(path: string): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, { headers: { authorization: `Bearer ${this.jwt}` } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
