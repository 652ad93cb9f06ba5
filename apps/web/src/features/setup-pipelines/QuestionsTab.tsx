import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { QueryError } from '../../ui/QueryError';
import { toastError, toastSuccess } from '../../ui/toast';
import { useQuestionMutations, useQuestions } from './api';
import { InlineRename, useCanEditSetup } from './common';
import { SortableRows } from '../../ui/Sortable';
import type { Question, QuestionKind } from './types';
import { ListSkeleton } from '../../ui/Skeletons';

/** SPEC §3 Team questions and testQuestions: the membership questions whose answers are kept per contact. */
export function QuestionsTab({ teamUID }: { teamUID: string }) {
  const questions = useQuestions(teamUID);
  if (questions.isPending) {
    return <ListSkeleton label="Loading questions" height={40} />;
  }
  if (questions.isError) {
    return <QueryError title="Couldn't load the questions" query={questions} />;
  }
  return (
    <Stack gap="lg">
      <QuestionList
        teamUID={teamUID}
        kind="live"
        title="Membership questions"
        hint="The questions people answer when they join; each contact keeps its answers per pipeline."
        items={questions.data.questions}
      />
      <QuestionList
        teamUID={teamUID}
        kind="test"
        title="Test questions"
        hint="Used to try automations without touching the live list."
        items={questions.data.testQuestions}
      />
    </Stack>
  );
}

function QuestionList({
  teamUID,
  kind,
  title,
  hint,
  items,
}: {
  teamUID: string;
  kind: QuestionKind;
  title: string;
  hint: string;
  items: Question[];
}) {
  const canEdit = useCanEditSetup();
  const mutations = useQuestionMutations(teamUID);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const headingId = `questions-${kind}`;
  return (
    <Stack gap="xs" aria-labelledby={headingId}>
      <div>
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </div>
      {items.length === 0 && (
        <Text size="sm" c="dimmed" py={4}>
          None yet.
        </Text>
      )}
      <Stack gap={6}>
        <SortableRows
          items={items}
          idOf={(q) => q.questionUID}
          labelOf={(q) => q.question}
          disabled={!canEdit}
          onReorder={(order) =>
            mutations.order.mutate(
              { kind, order },
              {
                onSuccess: () => toastSuccess('Question order saved.'),
                onError: (e) => toastError(e, 'The order was not saved'),
              },
            )
          }
        >
          {(q, handle) => (
            <Paper withBorder p={6}>
              <Group gap="xs" wrap="nowrap">
                {handle}
                <InlineRename
                  value={q.question}
                  label="Question"
                  maxLength={1000}
                  disabled={!canEdit}
                  saving={mutations.update.isPending}
                  onSave={(question) =>
                    mutations.update.mutateAsync({ questionUID: q.questionUID, question })
                  }
                >
                  <Text size="sm">{q.question}</Text>
                </InlineRename>
                {canEdit && (
                  <Tooltip label="Delete question">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete "${q.question}"`}
                      onClick={() => setDeleting(q)}
                    >
                      <IconTrash size={16} stroke={1.6} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Paper>
          )}
        </SortableRows>
      </Stack>
      {canEdit && <AddQuestion teamUID={teamUID} kind={kind} />}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this question?"
        confirmLabel="Delete question"
        loading={mutations.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          mutations.remove.mutate(deleting.questionUID, {
            onSuccess: () => {
              toastSuccess('Question deleted.');
              setDeleting(null);
            },
            onError: (e) => toastError(e, 'The question was not deleted'),
          })
        }
      >
        &quot;{deleting?.question}&quot; leaves the list. Answers contacts already gave keep their
        text.
      </ConfirmModal>
    </Stack>
  );
}

function AddQuestion({ teamUID, kind }: { teamUID: string; kind: QuestionKind }) {
  const { create } = useQuestionMutations(teamUID);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = question.trim();
    if (!value) {
      setError('Enter a question');
      return;
    }
    create.mutate(
      { question: value, kind },
      {
        onSuccess: () => {
          setQuestion('');
          toastSuccess('Question added.');
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start">
        <TextInput
          aria-label={kind === 'test' ? 'New test question' : 'New membership question'}
          placeholder={
            kind === 'test' ? 'New test question' : 'New question, e.g. What brings you here?'
          }
          value={question}
          onChange={(e) => {
            setQuestion(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => e.key === 'Escape' && setQuestion('')}
          error={error}
          maxLength={1000}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="light"
          leftSection={<IconPlus size={16} />}
          loading={create.isPending}
        >
          Add question
        </Button>
      </Group>
    </form>
  );
}
