/** A public page's heading: its title over the dimmed line that introduces it; `className` lays it out in its page. */
export function PageHead(props: { className?: string; title: string; intro: string }) {
  return (
    <header className={props.className}>
      <h1>{props.title}</h1>
      <p className="dimmed">{props.intro}</p>
    </header>
  );
}
