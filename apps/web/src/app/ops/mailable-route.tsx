import { Group } from '@mantine/core';
import { paths } from '../../config/paths';
import { CONTACTS_URL, type CharityContact, type ContactFilters } from '../../features/mailable/api/charity-contacts';
import { ContactDetail } from '../../features/mailable/components/contact-detail';
import { ContactRowContent } from '../../features/mailable/components/contact-row';
import { SendMailsButton } from '../../features/mailable/components/send-button';
import { useInfiniteList } from '../../features/ops-lists/api/list-page';
import { FilterDrop } from '../../components/filter-drop';
import { ListDetailScreen } from '../../features/ops-lists/components/list-detail-screen';
import { ListView } from '../../features/ops-lists/components/list-view';
import { ListSort } from '../../features/ops-lists/components/list-sort';
import { CONTACT_SORT, readSort, sortQuery } from '../../features/ops-lists/lib/sort-options';
import { LookupFilter } from '../../components/lookup-filter';
import { useListUrl } from '../../features/ops-lists/hooks/use-list-url';
import { SectionHeader } from './section-header';

/** /ops/reports/mailable: the charity contacts who get report links, and Send for the current filters. */
const renderContact = (r: CharityContact) => <ContactRowContent row={r} />;

export function MailableRoute() {
  const { params, setFilter, rowHref } = useListUrl(paths.ops.mailable);
  const filters: ContactFilters = {
    with_company_id: params.get('with_company_id') ?? undefined,
    with_receiver_id: params.get('with_receiver_id') ?? undefined,
  };
  const sort = readSort(params, CONTACT_SORT);
  const query = useInfiniteList<CharityContact>('mailable', CONTACTS_URL, {
    ...filters,
    ...sortQuery(sort, CONTACT_SORT),
  });
  const total = query.data?.pages[0]?.count ?? 0;

  return (
    <ListDetailScreen
      basePath={paths.ops.mailable}
      header={<SectionHeader id="mailable" />}
      detailTitle="Contact details"
      renderDetail={(id) => <ContactDetail id={id} />}
      list={
        <ListView
          label="Contacts"
          query={query}
          rowKey={(r) => r.id}
          rowHref={(r) => rowHref(r.id)}
          rowLabel={(r) => `${r.first_name ?? r.email}, ${r.organization_name}, ${r.report_type}`}
          renderRow={renderContact}
          emptyText="No contacts match these filters."
          toolbar={
            <Group gap="xs">
              <ListSort options={CONTACT_SORT} value={sort} onChange={(v) => setFilter('ordering', v)} />
              <FilterDrop active={Object.values(filters).filter(Boolean).length}>
                <LookupFilter
                  kind="companies"
                  label="Company"
                  value={filters.with_company_id ?? null}
                  onChange={(v) => setFilter('with_company_id', v)}
                />
                <LookupFilter
                  kind="receivers"
                  label="Receiver"
                  value={filters.with_receiver_id ?? null}
                  onChange={(v) => setFilter('with_receiver_id', v)}
                />
              </FilterDrop>
              <SendMailsButton
                filters={filters}
                total={total}
                disabled={query.isPending}
                onListChanged={() => void query.refetch()}
              />
            </Group>
          }
        />
      }
    />
  );
}
