import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { questionsAsked } from '@leadloom/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentTeam } from '../../session/CurrentUser';
import { usePipelineDetail } from '../../setup-pipelines/api';
import { setupPath } from '../../setup-pipelines/SetupPipelinesPage';
import { QueryError } from '../../../ui/QueryError';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useQuestions, useSaveAnswers } from '../api';
import { answerRows } from '../answers';
import type { ContactPipeline, Question } from '../types';
import type { TabProps } from './props';

/** The questions the selected pipeline asks, with this contact's answers in it. */
export function AnswersTab({ teamUID, data, selected }: TabProps) {
  const questions = useQuestions(teamUID);
  const pipeline = usePipelineDetail(teamUID, selected?.groupUID ?? null);
  if (!selected) {
    return (
      <Text c="dimmed" size="sm" py="lg" ta="center">
        Answers are kept per pipeline. Add this contact to a pipeline first.
      </Text>
    );
  }
  if (questions.isPending || pipeline.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the questions">
        <Skeleton height={60} />
        <Skeleton height={60} />
      </Stack>
    );
  }
  if (questions.isError) {
    return <QueryError title="Couldn't load the questions" query={questions} />;
  }
  if (pipeline.isError) {
    return <QueryError title="Couldn't load the questions" query={pipeline} />;
  }
  return (
    <AnswersForm
      key={`${selected.groupUID}/${selected.answers.map((a) => a.answer).join('\u0000')}`}
      teamUID={teamUID}
      GTID={data.contact.GTID}
      pipeline={selected}
      questions={questionsAsked(
        questions.data.map((q) => ({ ...q, kind: 'live' })),
        pipeline.data.pipeline.questions,
      )}
    />
  );
}

function AnswersForm({
  teamUID,
  GTID,
  pipeline,
  questions,
}: {
  teamUID: string;
  GTID: string;
  pipeline: ContactPipeline;
  questions: Question[];
}) {
  const save = useSaveAnswers(teamUID, GTID);
  const initial = answerRows(questions, pipeline.answers);
  const [rows, setRows] = useState(initial);
  const dirty = rows.some((row, i) => row.answer !== initial[i]?.answer);

  if (rows.length === 0) return <NoQuestions pipeline={pipeline} />;
  const submit = () =>
    save.mutate(
      {
        groupUID: pipeline.groupUID,
        answers: rows.filter((r) => r.questionUID || r.answer.trim()),
      },
      {
        onSuccess: () => toastSuccess(`Answers in ${pipeline.nickName} saved.`),
        onError: (error) => toastError(error, 'Could not save the answers'),
      },
    );

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Answers in {pipeline.nickName}
        </Text>
        {rows.map((row, i) => (
          <Textarea
            key={row.questionUID ?? `extra-${i}`}
            label={row.question}
            description={
              row.questionUID && questions.some((q) => q.questionUID === row.questionUID)
                ? undefined
                : `Not asked in ${pipeline.nickName}`
            }
            autosize
            minRows={1}
            maxRows={6}
            value={row.answer}
            placeholder="No answer yet"
            onChange={(e) => {
              const answer = e.currentTarget.value;
              setRows((list) => list.map((r, j) => (j === i ? { ...r, answer } : r)));
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                submit();
              }
            }}
          />
        ))}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" disabled={!dirty} onClick={() => setRows(initial)}>
            Discard changes
          </Button>
          <Button size="xs" onClick={submit} loading={save.isPending} disabled={!dirty}>
            Save answers
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function NoQuestions({ pipeline }: { pipeline: ContactPipeline }) {
  const { team } = useCurrentTeam();
  const canEdit = team.role === 'owner' || team.role === 'admin';
  return (
    <Stack gap={4} py="lg" align="center">
      <Text size="sm" fw={500}>
        {pipeline.nickName} asks no questions yet.
      </Text>
      <Text c="dimmed" size="sm" ta="center">
        {canEdit ? (
          <>
            Pick the ones it asks from your team&apos;s questions in{' '}
            <Anchor component={Link} to={setupPath(pipeline.groupUID, 'questions')} inherit>
              the pipeline setup
            </Anchor>
            .
          </>
        ) : (
          'Owners and admins choose the questions each pipeline asks.'
        )}
      </Text>
    </Stack>
  );
}
