/** Which tool's answers are scripts, so a .fountain download makes sense: Stage & Screen's. */
import { toolForQueryType } from "~/catalog/history";
import { tools } from "~/catalog/tools";

const SCREENPLAY_SECTION = "stage";

/** True for the Stage & Screen tool, named by its slug, its history section or a query type it saves. */
export function isScreenplayTool(key: string): boolean {
  const tool = tools.find((candidate) => candidate.slug === key || candidate.historySection === key) ?? toolForQueryType(key);
  return tool?.historySection === SCREENPLAY_SECTION;
}
