/**
 * One WebSocket per browser tab to GET /api/live/v1, shared by every screen that follows a topic.
 * It subscribes to the topics screens ask for, reconnects with backoff when the socket drops, and
 * after close 4401 (session ended) renews the session through the API client first. Screens learn
 * the status (to poll while it is not open) and receive the events of their topics.
 */
import type { LiveServerMessage } from '@portal/shared/contracts/live.contract';
import { backoffDelay, isSessionEnded, type LiveStatus } from './live.logic';

export interface LiveEvent {
  topic: string;
  event: string;
  id?: number | string;
  data?: Record<string, unknown>;
}

/** The part of the browser WebSocket used here (a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface LiveDeps {
  /** The socket address with the current token, or null when signed out. */
  url: () => string | null;
  open: (url: string) => SocketLike;
  /** After close 4401: one cheap API call (the client refreshes the token or signs out); true = try again. */
  renewSession: () => Promise<boolean>;
  random?: () => number;
}

type EventListener = (e: LiveEvent) => void;
type StatusListener = (s: LiveStatus) => void;

export class LiveConnection {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  /** The socket dropped since it was first opened: keep showing 'closed' while retrying (no flicker). */
  private dropped = false;
  private topics = new Map<string, Set<EventListener>>();
  private statusListeners = new Set<StatusListener>();
  status: LiveStatus = 'closed';

  constructor(private readonly deps: LiveDeps) {}

  /** Follows `topic`; the returned function stops following it (the socket closes with the last one). */
  subscribe(topic: string, listener: EventListener): () => void {
    let set = this.topics.get(topic);
    const isNew = !set;
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
    }
    set.add(listener);
    if (!this.socket && !this.timer) this.connect();
    else if (isNew && this.status === 'open') this.sendSubscribe([topic]);
    return () => {
      const s = this.topics.get(topic);
      s?.delete(listener);
      if (s && s.size === 0) this.topics.delete(topic);
      if (this.topics.size === 0) this.stop();
    };
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(next: LiveStatus) {
    if (next === this.status) return;
    this.status = next;
    for (const l of this.statusListeners) l(next);
  }

  private sendSubscribe(topics: string[]) {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify({ type: 'subscribe', topics }));
  }

  private connect() {
    this.timer = null;
    const url = this.deps.url();
    if (!url) return this.setStatus('closed');
    if (!this.dropped) this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.deps.open(url);
    } catch {
      return this.retry();
    }
    this.socket = socket;
    socket.onopen = () => this.sendSubscribe([...this.topics.keys()]);
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onerror = () => undefined; // a close follows
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.dropped = true;
      this.setStatus('closed');
      if (this.topics.size === 0) return;
      if (isSessionEnded(ev.code)) {
        void this.deps.renewSession().then((again) => {
          if (again && this.topics.size > 0 && !this.socket && !this.timer) this.connect();
        });
      } else this.retry();
    };
  }

  private retry() {
    this.setStatus('closed');
    const delay = backoffDelay(this.attempt, this.deps.random);
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private receive(raw: unknown) {
    let msg: LiveServerMessage;
    try {
      msg = JSON.parse(String(raw)) as LiveServerMessage;
    } catch {
      return;
    }
    if (msg.type === 'subscribed') {
      this.attempt = 0;
      this.setStatus('open');
    } else if (msg.type === 'event') {
      for (const l of this.topics.get(msg.topic) ?? []) l({ topic: msg.topic, event: msg.event, id: msg.id, data: msg.data });
    }
  }

  private stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    this.attempt = 0;
    this.dropped = false;
    s?.close(1000, 'no topics');
    this.setStatus('closed');
  }
}
