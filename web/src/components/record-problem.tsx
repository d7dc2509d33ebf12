import { Link } from 'react-router';
import { ApiRequestError } from '../lib/api-client.ts';
import classes from './record-problem.module.css';

/**
 * A public record's page (a trip, a job) that did not load: "not found" for a 404, otherwise the
 * failure with Try again; and the way back to its list either way.
 */
export function RecordProblem(props: {
  /** The record's query: its error, and `refetch` for Try again. */
  query: { error: unknown; refetch: () => unknown };
  notFound: string;
  loadFailed: string;
  retry: string;
  back: { to: string; label: string };
}) {
  const { error } = props.query;
  const notFound = error instanceof ApiRequestError && error.status === 404;
  return (
    <div className={`container ${classes.problem}`} role="alert">
      <h1>{notFound ? props.notFound : props.loadFailed}</h1>
      <div className={classes.actions}>
        {!notFound && (
          <button type="button" className="btn btn-primary" onClick={() => void props.query.refetch()}>
            {props.retry}
          </button>
        )}
        <Link to={props.back.to} className="btn btn-light">
          {props.back.label}
        </Link>
      </div>
    </div>
  );
}
