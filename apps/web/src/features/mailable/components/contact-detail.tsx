import { Anchor, Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DetailState } from '../../../components/detail-state';
import { FieldList } from '../../../components/field-list';
import { paths } from '../../../config/paths';
import { isRecordId, useListRecord } from '../../../lib/list-record';
import { CONTACTS_URL, type CharityContact } from '../api/charity-contacts';
import { MailStatus } from './mail-status';

/** A mailable contact's detail panel: every field of spec section 3 "Charity poster contact", and its receiver. */
export function ContactDetail({ id }: { id: string }) {
  const valid = isRecordId(id);
  const query = useListRecord<CharityContact>('charity-contact', CONTACTS_URL, valid ? { id } : undefined);
  return (
    <DetailState query={query} what="contact" id={id} invalid={!valid}>
      {(c) => (
        <Stack gap="md" data-testid="contact-detail">
          <Title order={2} size="h3">
            {c.first_name ? `${c.first_name} · ` : ''}
            {c.organization_name}
          </Title>
          <FieldList
            label="Contact fields"
            fields={[
              [
                'E-mail',
                <Anchor key="e" href={`mailto:${c.email}`} size="sm">
                  {c.email}
                </Anchor>,
              ],
              ['First name', c.first_name],
              ['Report type', c.report_type],
              ['Organization', c.organization_name],
              ['Report mail', <MailStatus key="m" contact={c} />],
              [
                'Report link',
                <Anchor key="r" href={c.report_url} size="sm" target="_blank" rel="noopener noreferrer">
                  {new URL(c.report_url, window.location.origin).toString()}
                </Anchor>,
              ],
            ]}
          />
          <Button component={Link} to={paths.ops.receiver(c.receiver_id)} variant="light" w="fit-content">
            Open receiver
          </Button>
        </Stack>
      )}
    </DetailState>
  );
}
