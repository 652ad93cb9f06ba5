/** Instagram direct (`/direct/t/<id>/`), opened from a profile's "Message" button. Lexical too. */
import { DISMISS, MESSAGE_BUTTON, NOT_SENT, SENDING, SURFACES, TIMINGS } from './common';
import type { PlatformData } from './types';

export const instagram: PlatformData = {
  platform: 'instagram',
  version: 'instagram-2026.11.1',
  hosts: ['www.instagram.com'],
  selectors: {
    // The profile's button has no label, only its words: found by `markers.messageButton`.
    messageButton: ['[data-testid="profile-message-button"]'],
    composer: [
      '[data-testid="direct-composer"] [contenteditable="true"]',
      '[contenteditable="true"][role="textbox"][aria-label="Message"]',
      '[contenteditable="true"][role="textbox"][aria-label="Nachricht"]',
      '[contenteditable="true"][role="textbox"][aria-label="Mensaje"]',
      '[contenteditable="true"][role="textbox"][data-lexical-editor="true"]',
    ],
    sendButton: [
      '[data-testid="direct-send-button"]',
      '[role="button"]:has(> svg[aria-label="Send"])',
      '[role="button"]:has(> svg[aria-label="Senden"])',
      '[role="button"]:has(> svg[aria-label="Enviar"])',
    ],
    outgoingMessage: [
      '[data-testid="outgoing-message"] [dir="auto"]',
      '[role="row"] [data-outgoing="true"] [dir="auto"]',
    ],
    surfaces: SURFACES,
    loginForm: ['form#loginForm input[name="password"]', 'input[name="password"]'],
    dialogButtons: ['[role="dialog"] button', '[role="dialog"] [role="button"]'],
  },
  checkpointPaths: ['/challenge'],
  loginPaths: ['/accounts/login'],
  threadPaths: ['/direct/t/'],
  markers: {
    limit: {
      en: ['Try Again Later', 'We restrict certain activity', 'Action Blocked'],
      de: ['Versuche es später noch einmal', 'Wir schränken bestimmte Aktivitäten ein'],
      es: ['Vuelve a intentarlo más tarde', 'Restringimos ciertas actividades'],
    },
    login: {
      en: ['Log into Instagram', 'Log in to Instagram', 'Sign up to see photos'],
      de: ['Bei Instagram anmelden', 'Melde dich an'],
      es: ['Inicia sesión en Instagram', 'Regístrate para ver fotos'],
    },
    checkpoint: {
      en: ["Help us confirm it's you", 'Suspicious login attempt', 'Confirm your identity'],
      de: ['Hilf uns zu bestätigen, dass du es bist', 'Verdächtiger Anmeldeversuch'],
      es: ['Ayúdanos a confirmar que eres tú', 'Intento de inicio de sesión sospechoso'],
    },
    cantMessage: {
      en: ["This account can't receive your message", "You can't message this account"],
      de: [
        'Dieses Konto kann deine Nachricht nicht empfangen',
        'Du kannst diesem Konto keine Nachrichten senden',
      ],
      es: ['Esta cuenta no puede recibir tu mensaje', 'No puedes enviar mensajes a esta cuenta'],
    },
    sending: SENDING,
    notSent: NOT_SENT,
    notice: {
      en: ['end-to-end encrypted', 'Turn on notifications'],
      de: ['Ende-zu-Ende-verschlüsselt', 'Benachrichtigungen aktivieren'],
      es: ['cifrado de extremo a extremo', 'Activar notificaciones'],
    },
    dismiss: DISMISS,
    messageButton: MESSAGE_BUTTON,
  },
  timings: TIMINGS,
};
