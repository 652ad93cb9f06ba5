import {
  ActionIcon,
  Anchor,
  Button,
  Drawer,
  List,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconHelp, IconSearch } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { findArticle, HELP_ARTICLES, type HelpArticle } from './articles';
import { help, helpStore } from './helpStore';
import { searchArticles } from './search';

/** The header's entry to the help panel. */
export function HelpButton() {
  return (
    <Tooltip label="Help">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label="Open help"
        onClick={() => help()}
      >
        <IconHelp size={20} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Paragraphs, with runs of "- " lines as one list. */
function ArticleBody({ body }: { body: string[] }) {
  const blocks: (string | string[])[] = [];
  for (const line of body) {
    const last = blocks.at(-1);
    if (line.startsWith('- ')) {
      if (Array.isArray(last)) last.push(line.slice(2));
      else blocks.push([line.slice(2)]);
    } else blocks.push(line);
  }
  return (
    <Stack gap="sm">
      {blocks.map((block, index) =>
        Array.isArray(block) ? (
          <List key={index} size="sm" spacing={4}>
            {block.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        ) : (
          <Text key={index} size="sm" lh={1.6}>
            {block}
          </Text>
        ),
      )}
    </Stack>
  );
}

function ArticleView({ article }: { article: HelpArticle }) {
  return (
    <Stack gap="md">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={14} />}
        onClick={() => help({ search: '' })}
        style={{ alignSelf: 'flex-start' }}
      >
        All articles
      </Button>
      <Title order={3}>{article.title}</Title>
      <ArticleBody body={article.body} />
    </Stack>
  );
}

function SearchView({ query }: { query: string }) {
  const results = searchArticles(HELP_ARTICLES, query);
  return (
    <Stack gap="md">
      <TextInput
        label="Search help"
        placeholder="e.g. invite, seats, password"
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => help({ search: event.currentTarget.value })}
        data-autofocus
      />
      {results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No article matches “{query}”. Try fewer or other words.
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label="Help articles">
          {results.map((article) => (
            <UnstyledButton
              key={article.id}
              role="listitem"
              onClick={() => help(article.id)}
              p="xs"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Anchor component="span" fw={600} size="sm">
                {article.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {article.summary}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The help panel (SPEC §2): a drawer on the right, opened by `help()` from anywhere. */
export function HelpPanel() {
  const view = useSyncExternalStore(helpStore.subscribe, helpStore.get, helpStore.get);
  const article = view.kind === 'article' ? findArticle(view.articleId) : undefined;
  return (
    <Drawer
      opened={view.kind !== 'closed'}
      onClose={helpStore.close}
      position="right"
      size="md"
      title={<Title order={4}>Help</Title>}
    >
      {article ? (
        <ArticleView article={article} />
      ) : (
        <SearchView query={view.kind === 'search' ? view.query : ''} />
      )}
    </Drawer>
  );
}
