/**
 * LinkedIn: profile (`/in/<slug>/`) → "Message" → the overlay composer, which lives in the shadow
 * root of `#interop-outlet`, so every query also searches open shadow roots.
 */
import { DISMISS, MESSAGE_BUTTON, NOT_SENT, SENDING, TIMINGS } from './common';
import type { PlatformData } from './types';

export const linkedin: PlatformData = {
  platform: 'linkedin',
  version: 'linkedin-2026.11.1',
  hosts: ['www.linkedin.com'],
  selectors: {
    messageButton: [
      '[data-testid="profile-message-button"]',
      'main button[aria-label^="Message "]',
      'main button[aria-label^="Nachricht an "]',
      'main button[aria-label^="Enviar mensaje a "]',
    ],
    composer: [
      '[data-testid="msg-form-composer"] [contenteditable="true"]',
      '.msg-form__contenteditable[contenteditable="true"]',
      '[contenteditable="true"][role="textbox"][aria-label="Write a message…"]',
      '[contenteditable="true"][role="textbox"][aria-label="Nachricht verfassen…"]',
      '[contenteditable="true"][role="textbox"][aria-label="Escribe un mensaje…"]',
    ],
    sendButton: [
      '[data-testid="msg-form-send-button"]',
      'button.msg-form__send-button[type="submit"]',
      '.msg-form button[type="submit"]',
    ],
    outgoingMessage: [
      '[data-testid="outgoing-message"]',
      '.msg-s-event-listitem:not(.msg-s-event-listitem--other) .msg-s-event-listitem__body',
    ],
    // The overlay is not a dialog: its messages must not be read as a warning.
    surfaces: ['[role="alertdialog"]', '.artdeco-modal', '[role="alert"]', 'h1', 'h2'],
    loginForm: ['input[name="session_password"]', 'form.login__form input[type="password"]'],
    dialogButtons: ['[role="alertdialog"] button', '.artdeco-modal button'],
  },
  checkpointPaths: ['/checkpoint'],
  loginPaths: ['/login', '/authwall', '/uas/login'],
  threadPaths: ['/messaging/thread/'],
  markers: {
    limit: {
      en: [
        'Your account has been temporarily restricted',
        "You've reached the weekly limit",
        "You've reached the monthly limit",
      ],
      de: ['vorübergehend eingeschränkt', 'Sie haben das wöchentliche Limit erreicht'],
      es: ['restringida temporalmente', 'Has alcanzado el límite semanal'],
    },
    login: {
      en: ['Sign in to LinkedIn', 'Join LinkedIn', 'Sign in to view'],
      de: ['Bei LinkedIn einloggen', 'LinkedIn beitreten'],
      es: ['Inicia sesión en LinkedIn', 'Únete a LinkedIn'],
    },
    checkpoint: {
      en: ["Let's do a quick security check", 'Verify your identity'],
      de: ['Kurze Sicherheitsüberprüfung', 'Bestätigen Sie Ihre Identität'],
      es: ['Hagamos una comprobación de seguridad rápida', 'Verifica tu identidad'],
    },
    cantMessage: {
      en: ["You can't message this member", 'Send InMail with Premium'],
      de: ['Sie können diesem Mitglied keine Nachricht senden', 'InMail mit Premium senden'],
      es: ['No puedes enviar mensajes a este miembro', 'Enviar InMail con Premium'],
    },
    sending: SENDING,
    notSent: NOT_SENT,
    notice: { en: [], de: [], es: [] },
    dismiss: DISMISS,
    messageButton: MESSAGE_BUTTON,
  },
  timings: TIMINGS,
};
