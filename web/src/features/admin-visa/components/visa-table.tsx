import { useMemo } from 'react';
import { Anchor, Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COUNTRY_CODES, countryName, countryOptions } from '@aylal/shared/countries';
import { ADMIN_VISA_SORTS, VISA_PAYMENT_STATES, VISA_STATES } from '@aylal/shared/visa-rules';
import {
  ListDateCell,
  ListLinkRow,
  ListOpenCell,
  ListPersonCell,
  ListTextCell,
} from '../../../lib/lists/list-cells.tsx';
import { ListShell } from '../../../lib/lists/list-shell.tsx';
import { ListDateRange, ListSelects } from '../../../lib/lists/list-filters.tsx';
import { apiFilter, pageRequest, dateField, oneOfField, textField } from '../../../lib/lists/list-state.ts';
import { useListState } from '../../../lib/lists/use-list-state.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useAdminVisaList, visaCsvUrl } from '../api/admin-visa.ts';
import { PAYMENT_COLORS, VisaStateBadge } from './visa-badges.tsx';

/** Staff never see drafts: they are the applicant's alone until submitted. */
const LISTED_STATES = VISA_STATES.filter((state) => state !== 'draft');
const PAYMENT_FILTERS = [...VISA_PAYMENT_STATES, 'none'] as const;
const FIELDS = {
  q: textField(),
  state: oneOfField(LISTED_STATES, ''),
  country: oneOfField(COUNTRY_CODES, ''),
  payment: oneOfField(PAYMENT_FILTERS, ''),
  from: dateField(),
  to: dateField(),
  sort: oneOfField(ADMIN_VISA_SORTS, 'newest'),
};

/**
 * /admin/visa: every submitted application. Filters by state, country, payment and the day it was
 * submitted, a search by name, email, reference or a passport's last digits (all in the URL), the
 * filtered list as CSV; each row opens the application's page.
 */
export function VisaTable() {
  const { t } = useTranslation(['admin', 'visaApplicationForm']);
  const language = useLanguage();
  const list = useListState(FIELDS);
  const { values, set } = list;
  const { page: _page, ...chosen } = values;
  const filter = apiFilter(chosen);
  const applications = useAdminVisaList(pageRequest(values));
  const any = t('visa.any');
  const countries = useMemo(() => countryOptions(language), [language]);

  return (
    <ListShell
      query={applications}
      list={list}
      search={t('visa.searchPlaceholder')}
      any={any}
      selects={{
        state: {
          label: t('visa.columns.state'),
          w: 190,
          optionLabel: (value) => t(`visaApplicationForm:states.${value}`),
        },
      }}
      filters={
        <>
          <Select
            label={t('visa.columns.country')}
            w={200}
            searchable
            allowDeselect={false}
            value={values.country}
            onChange={(country) => set({ country: (country ?? '') as typeof values.country })}
            data={[{ value: '', label: any }, ...countries]}
          />
          <ListSelects
            list={list}
            selects={{
              payment: {
                label: t('visa.columns.payment'),
                w: 180,
                any,
                optionLabel: (value) =>
                  value === 'none' ? t('visa.noPayment') : t(`visaApplicationForm:paymentStates.${value}`),
              },
            }}
          />
          <ListDateRange list={list} labels={{ from: t('visa.submittedFrom'), to: t('visa.submittedTo') }} w={190} />
        </>
      }
      sort={{ label: t('trips.sort'), w: 190, optionLabel: (value) => t(`visa.sorts.${value}`) }}
      csv={{ href: visaCsvUrl(filter), label: t('visa.exportCsv') }}
      minWidth={940}
      columns={[
        t('visa.columns.reference'),
        t('visa.columns.applicant'),
        t('visa.columns.country'),
        { label: t('visa.columns.state'), fit: true },
        t('visa.columns.passport'),
        t('visa.columns.dependants'),
        t('visa.columns.payment'),
        t('visa.columns.submitted'),
      ]}
      empty={t('visa.empty')}
      count={(count) => t('visa.count', { count })}
      row={(item) => (
        <ListLinkRow key={item.id} to={`/admin/visa/${item.id}`}>
          <Table.Td className="nowrap">
            <Anchor component={Link} to={`/admin/visa/${item.id}`} size="sm" fw={600}>
              {item.reference ?? '—'}
            </Anchor>
          </Table.Td>
          <ListPersonCell name={item.name} email={item.email} />
          <ListTextCell>{countryName(item.country, language) || '—'}</ListTextCell>
          <Table.Td>
            <VisaStateBadge state={item.state} />
          </Table.Td>
          <Table.Td className="nowrap">
            <Text size="sm" ff="monospace">
              {item.passport || '—'}
            </Text>
          </Table.Td>
          <ListTextCell>{item.dependants}</ListTextCell>
          <Table.Td>
            {item.payment ? (
              <Text size="sm" c={PAYMENT_COLORS[item.payment]} fw={500}>
                {t(`visaApplicationForm:paymentStates.${item.payment}`)}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                —
              </Text>
            )}
          </Table.Td>
          <ListDateCell at={item.submittedAt} />
          <ListOpenCell to={`/admin/visa/${item.id}`} label={`${t('visa.open')}: ${item.reference ?? item.name}`} />
        </ListLinkRow>
      )}
    />
  );
}
