import { Alert, Anchor, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { httpUrlMessage, isEmail, isHttpUrl } from '@leadloom/core';
import { useState, type FormEvent, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api';
import { usePipelines } from '../pipeline/api';
import { useCreateContact, usePipelineStages } from './api';
import { contactName, normalizeUrl, platformLabel, platformOfUrl } from './contactInfo';
import { contactPath } from './tabs';
import type { ContactAnswer, NewContact } from './types';
import { FormActions } from '../../ui/FormActions';
import { toast } from '../../ui/toast';

interface NewContactModalProps {
  opened: boolean;
  onClose: () => void;
  teamUID: string;
  /** Preselected pipeline and stage (a column's "+" passes both). */
  pipelineUID?: string | null;
  stageUID?: string | null;
  /** Called with the created contact (the board brings its new card into view). */
  onCreated?: (answer: ContactAnswer) => void;
}

type Field = 'firstName' | 'lastName' | 'emailAddress' | 'phoneNumber' | 'profile';

/** "New contact": names, e-mail, phone, a profile link, and where it starts (pipeline + stage). */
export function NewContactModal(props: NewContactModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="New contact" centered size="lg">
      {/* Mounted only while open, so every opening starts from a clean form. */}
      {props.opened && <NewContactForm {...props} />}
    </Modal>
  );
}

function NewContactForm({
  onClose,
  onCreated,
  teamUID,
  pipelineUID,
  stageUID,
}: NewContactModalProps) {
  const navigate = useNavigate();
  const create = useCreateContact(teamUID);
  const pipelines = usePipelines(teamUID);
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: '',
    lastName: '',
    emailAddress: '',
    phoneNumber: '',
    profile: '',
  });
  const [pipeline, setPipeline] = useState<string | null>(pipelineUID ?? null);
  const [stage, setStage] = useState<string | null>(stageUID ?? null);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const stages = usePipelineStages(teamUID, pipeline);

  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const serverError = isApiError(create.error) ? create.error : null;
  const fieldMap: Record<string, Field> = {
    firstName: 'firstName',
    lastName: 'lastName',
    emailAddress: 'emailAddress',
    phoneNumber: 'phoneNumber',
    profiles: 'profile',
  };
  const serverField = serverError?.field ? fieldMap[serverError.field.split('.')[0]!] : undefined;
  const errorOf = (field: Field) =>
    errors[field] ?? (serverField === field ? serverError?.message : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, x.trim()])) as Record<
      Field,
      string
    >;
    const next: typeof errors = {};
    if (!v.firstName && !v.lastName && !v.emailAddress && !v.phoneNumber && !v.profile)
      next.form = 'Enter a name, an e-mail, a phone number or a profile link.';
    if (v.emailAddress && !isEmail(v.emailAddress))
      next.emailAddress = 'Enter an e-mail like name@example.com';
    const profileUrl = normalizeUrl(v.profile);
    if (profileUrl && !isHttpUrl(profileUrl)) next.profile = httpUrlMessage('Profile link');
    setErrors(next);
    if (Object.keys(next).length > 0) return;

    const body: NewContact = {};
    if (v.firstName) body.firstName = v.firstName;
    if (v.lastName) body.lastName = v.lastName;
    if (v.emailAddress) body.emailAddress = v.emailAddress;
    if (v.phoneNumber) body.phoneNumber = v.phoneNumber;
    if (profileUrl) body.profiles = { [platformOfUrl(profileUrl)]: profileUrl };
    if (pipeline) {
      body.pipelineUID = pipeline;
      if (stage) body.stageUID = stage;
    }
    create.mutate(body, {
      onSuccess: (answer) => {
        const { contact } = answer;
        const name = contactName(contact);
        const path = contactPath(contact.GTID);
        toast({
          color: 'green',
          title: 'Contact created',
          message: `${name} was added.`,
          extra: (close) => (
            <Anchor
              href={path}
              onClick={(e: MouseEvent<HTMLAnchorElement>) => {
                // A plain click stays in the app; middle/modified clicks open a tab as links do.
                if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                e.preventDefault();
                close();
                void navigate(path);
              }}
              size="sm"
              fw={600}
            >
              Open contact
            </Anchor>
          ),
        });
        onCreated?.(answer);
        onClose();
      },
    });
  };

  const pipelineOptions = [...(pipelines.data ?? [])]
    .sort((a, b) => a.order - b.order)
    .map((p) => ({ value: p.groupUID, label: p.nickName }));
  const stageOptions = (stages.data ?? []).map((s) => ({ value: s.stageUID, label: s.name }));
  const platform = values.profile.trim() ? platformLabel(platformOfUrl(values.profile)) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="First name"
            data-autofocus
            value={values.firstName}
            onChange={set('firstName')}
            error={errorOf('firstName')}
          />
          <TextInput
            label="Last name"
            value={values.lastName}
            onChange={set('lastName')}
            error={errorOf('lastName')}
          />
          <TextInput
            label="E-mail"
            type="email"
            value={values.emailAddress}
            onChange={set('emailAddress')}
            error={errorOf('emailAddress')}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={values.phoneNumber}
            onChange={set('phoneNumber')}
            error={errorOf('phoneNumber')}
          />
        </SimpleGrid>
        <TextInput
          label="Profile link"
          placeholder="https://www.instagram.com/…"
          description={
            platform
              ? `Saved as the ${platform} profile`
              : 'Facebook, Instagram, LinkedIn, X… or any web page'
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={values.profile}
          onChange={set('profile')}
          error={errorOf('profile')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Pipeline"
            placeholder={pipelines.isPending ? 'Loading…' : 'No pipeline'}
            data={pipelineOptions}
            value={pipeline}
            clearable
            onChange={(next) => {
              setPipeline(next);
              setStage(next && next === pipelineUID ? (stageUID ?? null) : null);
            }}
          />
          <Select
            label="Stage"
            placeholder={
              pipeline ? (stages.isPending ? 'Loading…' : 'Set Stage...') : 'Pick a pipeline first'
            }
            data={stageOptions}
            value={stage}
            onChange={setStage}
            disabled={!pipeline}
            clearable
          />
        </SimpleGrid>
        {(errors.form || (serverError && !serverField) || (create.error && !serverError)) && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} role="alert" p="xs">
            {errors.form ?? create.error?.message}
          </Alert>
        )}
        <FormActions onCancel={onClose} loading={create.isPending} mt="xs">
          Create contact
        </FormActions>
      </Stack>
    </form>
  );
}
