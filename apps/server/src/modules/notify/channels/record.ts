import { type Channel, type ChannelKind, type OutgoingMessage, type SendOutcome, sent } from './channel';

/**
 * The default channel of a fresh install: nothing leaves the server. Each message is "sent" at once under
 * an id of its own (the caller keeps the message in the database, which is the record), and the caller
 * marks it delivered: the screens, the queue and the reports work with no provider account anywhere. The
 * settings switch a channel to a real provider.
 */
export class RecordChannel implements Channel {
  constructor(readonly kind: ChannelKind) {}

  async send(messages: OutgoingMessage[]): Promise<SendOutcome[]> {
    return messages.map((m) => sent(m.id, `REC-${m.id}`));
  }
}
