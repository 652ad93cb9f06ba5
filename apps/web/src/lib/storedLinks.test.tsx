import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnnouncementCard } from '../features/admin/AnnouncementCard';
import { BackgroundIcon, NoticeLink } from '../features/notices/NoticeView';

/**
 * Rows stored before the server refused them may still hold `javascript:` or `data:` addresses:
 * the screens that turn stored addresses into links and images never make them live.
 */
const html = (node: ReactNode) => renderToString(<MantineProvider>{node}</MantineProvider>);

const BAD = [
  'javascript:alert(document.cookie)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz4=',
  '//evil.example/x',
];

describe('stored addresses on screen', () => {
  it.each(BAD)('a notification link %j is not rendered as a link', (link) => {
    const out = html(<NoticeLink n={{ link, linkText: 'Read', fontColor: null }} />);
    expect(out).not.toContain('href');
    expect(out).not.toMatch(/javascript|data:/);
  });

  it('a notification link to an http(s) address or an app path is', () => {
    expect(
      html(<NoticeLink n={{ link: 'https://x.example/a', linkText: 'Read', fontColor: null }} />),
    ).toContain('href="https://x.example/a"');
    expect(
      html(<NoticeLink n={{ link: '/tasks', linkText: 'Tasks', fontColor: null }} />),
    ).toContain('href="/tasks"');
  });

  it.each(BAD)('a notification icon %j is neither an image nor text', (icon) => {
    expect(html(<BackgroundIcon icon={icon} />)).toBe(html(null));
  });

  it('an emoji icon is text, an http(s) icon an image', () => {
    expect(html(<BackgroundIcon icon="🎉" />)).toContain('🎉');
    expect(html(<BackgroundIcon icon="https://cdn.example/i.png" />)).toContain(
      'url(&quot;https://cdn.example/i.png&quot;)',
    );
  });

  it.each(BAD)('an announcement link %j shows no "Read more" link', (link) => {
    const out = html(<AnnouncementCard announcement={{ title: 'News', text: '', link }} />);
    expect(out).toContain('News');
    expect(out).not.toContain('Read more');
    expect(out).not.toMatch(/javascript|data:/);
  });
});
