import { useT } from "~/components/language-context";

export function Spinner({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label ?? t("common.ui.loading")}</span>
    </span>
  );
}
