// The chat at a table: the players' room for the two players, the spectators' room for everyone (the players
// read it but do not write in it), *Mute chat* for the browser. Messages are shown as text: a link is never a link.
import './chat.css';

import type { ChatRoom, ChatSaid, Role, SocketErrorCode } from '@fg/protocol';
import { CHAT_MAX_CHARS } from '@fg/protocol/vocabulary';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { setChatMuted, useChatMuted } from './chat-mute';
import type { ChatRooms } from './table-state';

/** Props of the chat. */
export interface ChatPanelProps {
  readonly role: Role;
  readonly rooms: ChatRooms;
  readonly online: boolean; // the socket is open and in step: a message can be sent
  readonly error: SocketErrorCode | null; // the last refused message's code
  readonly say: (room: ChatRoom, text: string) => boolean;
}

/** Characters as the server counts them: code points. */
const length = (text: string): number => [...text.trim()].length;

/** One message's writer in words: you, the fox, the geese, or a spectator. */
function writer(t: (key: string) => string, message: ChatSaid, role: Role): string {
  if (message.room === 'spectators') return t('chat.spectator');
  if (message.side === role) return t('chat.you');
  return t(`side.${message.side ?? 'fox'}`);
}

/** One room: its messages, newest at the bottom (kept in view as they come). */
function Room({ room, messages, role }: { room: ChatRoom; messages: readonly ChatSaid[]; role: Role }) {
  const { t, i18n } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <section className={`chat-room chat-room--${room}`} aria-label={t(`chat.room.${room}`)}>
      <h3 className="chat-room__title">{t(`chat.room.${room}`)}</h3>
      <ol className="chat-room__messages" data-chat={room} ref={list} tabIndex={0}>
        {messages.map((message, i) => (
          <li
            key={`${message.at}-${i}`}
            className={message.side === role ? 'chat-message chat-message--mine' : 'chat-message'}
          >
            <span className="chat-message__writer">{writer(t, message, role)}</span>{' '}
            <time dateTime={message.at} title={time.format(new Date(message.at))}>
              {time.format(new Date(message.at))}
            </time>{' '}
            <span className="chat-message__text">{message.text}</span>
          </li>
        ))}
      </ol>
      {messages.length === 0 && <p className="chat-room__empty">{t('chat.empty')}</p>}
    </section>
  );
}

/** The chat beside the board. */
export function ChatPanel({ role, rooms, online, error, say }: ChatPanelProps) {
  const { t } = useTranslation();
  const muted = useChatMuted();
  const [text, setText] = useState('');
  const room: ChatRoom = role === 'spectator' ? 'spectators' : 'players';
  const count = length(text);
  const tooLong = count > CHAT_MAX_CHARS;
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (count === 0 || tooLong) return;
    if (say(room, text)) setText('');
  };
  return (
    <section className="panel chat" aria-labelledby="chat-heading">
      <div className="chat__head">
        <h2 id="chat-heading">{t('chat.heading')}</h2>
        <button
          type="button"
          className="secondary chat__mute"
          aria-pressed={muted}
          onClick={() => setChatMuted(!muted)}
        >
          {t('chat.mute')}
        </button>
      </div>
      {muted ? (
        <p className="chat__muted">{t('chat.muted')}</p>
      ) : (
        <>
          {role !== 'spectator' && <Room room="players" messages={rooms.players} role={role} />}
          <Room room="spectators" messages={rooms.spectators} role={role} />
          {role !== 'spectator' && <p className="chat__note">{t('chat.playersRead')}</p>}
          <form className="chat__form" onSubmit={submit}>
            <input
              type="text"
              aria-label={t('chat.input')}
              placeholder={online ? t(`chat.placeholder.${room}`) : t('chat.offline')}
              value={text}
              disabled={!online}
              enterKeyHint="send"
              autoComplete="off"
              onChange={(e) => setText(e.target.value)}
              aria-invalid={tooLong}
              aria-describedby="chat-count"
            />
            <button type="submit" className="secondary" disabled={!online || count === 0 || tooLong}>
              {t('chat.send')}
            </button>
            <span id="chat-count" className={tooLong ? 'chat__count chat__count--over' : 'chat__count'}>
              {count > CHAT_MAX_CHARS - 20 ? t('chat.left', { count: CHAT_MAX_CHARS - count }) : ''}
            </span>
          </form>
          {error && (
            <p className="chat__error" role="alert">
              {t(`chat.errors.${error}`, { defaultValue: t(`errors.${error}`, { defaultValue: t('errors.unknown') }) })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
