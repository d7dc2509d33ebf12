import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_TYPES, type JobSearch } from '@aylal/shared/job-rules';
import classes from './jobs.module.css';
import { AnyOfSelect } from '../../../components/any-of-select.tsx';

/** Text search and the job type filter (spec section 2); a new search starts at page 1. */
export function JobSearchForm({ search, onSearch }: { search: JobSearch; onSearch: (next: JobSearch) => void }) {
  const { t } = useTranslation('jobs');
  const [text, setText] = useState(search.q ?? '');
  // Back and forward change the URL: the field follows it.
  useEffect(() => setText(search.q ?? ''), [search.q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...search, q: text.trim() || undefined, page: 1 });
  };

  return (
    <form className={classes.search} role="search" onSubmit={submit}>
      <label className={classes.field}>
        <span className={classes.label}>{t('search.label')}</span>
        <span className={classes.inputWrap}>
          <IconSearch size={18} aria-hidden="true" className={classes.fieldIcon} />
          <input
            type="search"
            name="q"
            value={text}
            maxLength={100}
            placeholder={t('search.placeholder')}
            onChange={(event) => setText(event.target.value)}
          />
        </span>
      </label>
      <label className={classes.select}>
        <span className={classes.label}>{t('search.type')}</span>
        <AnyOfSelect
          name="type"
          any={t('search.allTypes')}
          options={JOB_TYPES}
          optionLabel={(type) => t(`types.${type}`)}
          value={search.type}
          onChange={(type) => onSearch({ ...search, q: text.trim() || undefined, type, page: 1 })}
        />
      </label>
      <button type="submit" className="btn btn-primary">
        {t('search.submit')}
      </button>
    </form>
  );
}
