import { Link } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import classes from './trip.module.css';

/**
 * A public detail page (a trip, a job) that did not load: `notFound` when the server has no such
 * one, else `failed` with the `retry` button; either way the way `back` to its list.
 */
export function DetailProblem(props: {
  query: { error: unknown; refetch: () => unknown };
  words: { notFound: string; failed: string; retry: string };
  back: { to: string; label: string };
}) {
  const { query, words } = props;
  const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
  return (
    <div className={`container ${classes.problem}`} role="alert">
      <h1>{notFound ? words.notFound : words.failed}</h1>
      <div className={classes.actions}>
        {!notFound && (
          <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
            {words.retry}
          </button>
        )}
        <Link to={props.back.to} className="btn btn-light">
          {props.back.label}
        </Link>
      </div>
    </div>
  );
}
