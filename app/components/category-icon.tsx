/** The dashboard cards' icons, one per tool (Lucide, each imported by name so only these ship). */
import { BookOpen, Clapperboard, Feather, Library, MonitorPlay, Music, type LucideIcon } from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  prose: BookOpen,
  poetry: Feather,
  "stage-screen": Clapperboard,
  nonfiction: Library,
  "online-content": MonitorPlay,
  songwriting: Music,
};

/** Decorative: the card's heading names the tool. */
export function CategoryIcon({ slug }: { slug: string }) {
  const Icon = ICONS[slug] ?? BookOpen;
  return (
    <span className="category-icon" aria-hidden="true">
      <Icon width={22} height={22} strokeWidth={1.75} />
    </span>
  );
}
