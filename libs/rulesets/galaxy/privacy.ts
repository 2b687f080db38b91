import type { Ruleset } from '@warpgate/engine';
import { masked, type GalaxyOrder } from './orders';
import { RULESET_ID, type GalaxyEventMap, type GalaxyState, type Message, type RaceId } from './state';

/**
 * A message as `reader` may see it, as a race gets it (view.ts): between others, not at all; a
 * broadcast, without its sender (but to the sender).
 */
function messageFor(message: Message, reader: RaceId | null): Message | undefined {
  if (reader !== null && message.from === reader) return message;
  if (message.to === null) return { ...message, from: null };
  return reader !== null && message.to.includes(reader) ? message : undefined;
}

/** OrdersExecuted with its order lines masked: games of rules 1 kept an unreadable Y line whole. */
function maskedLines(data: unknown): GalaxyEventMap['OrdersExecuted'] {
  const { mistakes, done, ...rest } = data as GalaxyEventMap['OrdersExecuted'];
  return {
    ...rest,
    mistakes: mistakes.map(([line, text, severity, message]) => [line, masked(text), severity, message]),
    ...(done ? { done: done.map(([line, text]) => [line, masked(text)]) } : {}),
  };
}

/**
 * Messages stay between their writer and their readers, and passwords with their race, in the
 * record too (Ruleset.privacy).
 */
export const privacy: NonNullable<Ruleset<GalaxyState, GalaxyOrder>['privacy']> = {
  event(event, reader) {
    if (event.type === `${RULESET_ID}.OrdersExecuted`) return { ...event, data: maskedLines(event.data) };
    if (event.type !== `${RULESET_ID}.MessageSent`) return event;
    const data = messageFor(event.data as Message, reader);
    return data && { ...event, data };
  },
  orders: (orders, author, reader) =>
    author === reader ? orders : orders.filter((o) => o.type !== 'message'),
  state: (state, reader) => ({
    ...state,
    news: { ...state.news, messages: state.news.messages.flatMap((m) => messageFor(m, reader) ?? []) },
  }),
};
