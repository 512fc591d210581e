// "Mute chat", remembered in the browser like the sound switch: a muted browser shows no chat at all.
import { storedFlag } from '../../lib/stored-flag';

const chatMuted = storedFlag('fg:chat-muted');
/** Mutes or unmutes the chat of every table, and remembers it. */
export const setChatMuted = chatMuted.set;
/** Whether the chat is muted, as React state. */
export const useChatMuted = chatMuted.useFlag;
