import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
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
import { usePipelineMutations, useQuestionMutations, useQuestions } from './api';
import { InlineRename, useCanEditSetup } from './common';
import { SortableRows } from '../../ui/Sortable';
import type { Question, QuestionKind, SetupPipeline } from './types';
import { ListSkeleton } from '../../ui/Skeletons';

/**
 * SPEC §3 Team questions and testQuestions: the team's question bank, and which of its questions
 * this pipeline asks (a new pipeline asks none; answers stay with the pipeline they were given in).
 */
export function QuestionsTab({ teamUID, pipeline }: { teamUID: string; pipeline: SetupPipeline }) {
  const questions = useQuestions(teamUID);
  const { update } = usePipelineMutations(teamUID);
  // The choice being saved shows at once; the server's answer replaces it.
  const [saving, setSaving] = useState<string[] | null>(null);
  if (questions.isPending) {
    return <ListSkeleton label="Loading questions" height={40} />;
  }
  if (questions.isError) {
    return <QueryError title="Couldn't load the questions" query={questions} />;
  }
  const current = saving ?? pipeline.questions;
  const asked = new Set(current);
  const live = questions.data.questions;
  const askedCount = live.filter((q) => asked.has(q.questionUID)).length;
  const setAsked = (next: string[], done?: string) => {
    setSaving(next);
    update.mutate(
      { groupUID: pipeline.groupUID, patch: { questions: next } },
      {
        onSuccess: () => done && toastSuccess(done),
        onError: (e) => toastError(e, 'The questions of this pipeline were not saved'),
        onSettled: () => setSaving(null),
      },
    );
  };
  return (
    <Stack gap="lg">
      <QuestionList
        teamUID={teamUID}
        kind="live"
        title="Membership questions"
        hint={`Your team's question bank. Tick the ones ${pipeline.nickName} asks: a new pipeline asks none, and each contact keeps its answers per pipeline.`}
        badge={`${askedCount} of ${live.length} asked here`}
        items={live}
        asking={{
          pipeline: pipeline.nickName,
          asked,
          saving: update.isPending,
          onToggle: (questionUID, on) =>
            setAsked(
              live
                .map((q) => q.questionUID)
                .filter((uid) => (uid === questionUID ? on : asked.has(uid))),
            ),
          onAdded: (questionUID) =>
            setAsked(
              [...current, questionUID],
              `Question added and asked in ${pipeline.nickName}.`,
            ),
        }}
      />
      <QuestionList
        teamUID={teamUID}
        kind="test"
        title="Test questions"
        hint="Used by the whole team to try automations without touching the live list."
        items={questions.data.testQuestions}
      />
    </Stack>
  );
}

/** How a list offers "asked in this pipeline" next to each question. */
interface Asking {
  pipeline: string;
  asked: ReadonlySet<string>;
  saving: boolean;
  onToggle: (questionUID: string, on: boolean) => void;
  /** A question added here is asked in this pipeline too. */
  onAdded: (questionUID: string) => void;
}

function QuestionList({
  teamUID,
  kind,
  title,
  hint,
  badge,
  items,
  asking,
}: {
  teamUID: string;
  kind: QuestionKind;
  title: string;
  hint: string;
  badge?: string;
  items: Question[];
  asking?: Asking;
}) {
  const canEdit = useCanEditSetup();
  const mutations = useQuestionMutations(teamUID);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const headingId = `questions-${kind}`;
  return (
    <Stack gap="xs" aria-labelledby={headingId}>
      <div>
        <Group gap="xs">
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          {badge && (
            <Badge variant="light" size="sm">
              {badge}
            </Badge>
          )}
        </Group>
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
                {asking && (
                  <Checkbox
                    aria-label={`Ask "${q.question}" in ${asking.pipeline}`}
                    checked={asking.asked.has(q.questionUID)}
                    disabled={!canEdit || asking.saving}
                    onChange={(e) => asking.onToggle(q.questionUID, e.currentTarget.checked)}
                  />
                )}
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
      {canEdit && <AddQuestion teamUID={teamUID} kind={kind} onAdded={asking?.onAdded} />}
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
        &quot;{deleting?.question}&quot; leaves the team&apos;s list and every pipeline that asks
        it. Answers contacts already gave keep their text and their pipeline.
      </ConfirmModal>
    </Stack>
  );
}

function AddQuestion({
  teamUID,
  kind,
  onAdded,
}: {
  teamUID: string;
  kind: QuestionKind;
  onAdded?: ((questionUID: string) => void) | undefined;
}) {
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
        onSuccess: (answer) => {
          setQuestion('');
          if (onAdded) onAdded(answer.question.questionUID);
          else toastSuccess('Question added.');
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
