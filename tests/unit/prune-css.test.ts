import { describe, expect, it } from "vitest";
import { classUsage, pruneCss, pruneStylesheets } from "../../scripts/prune-css.ts";

// A stand-in for the built client JavaScript: a Radix prop definition, a component using it.
const PROP_DEFS = `const sizes=["1","2","3","4"];const variants=["solid","soft","ghost"];
export const buttonPropDefs={size:{type:"enum",className:"rt-r-size",values:sizes,default:"2",responsive:!0},
variant:{type:"enum",className:"rt-variant",values:variants,default:"solid"},mt:{type:"enum | string",className:"rt-r-mt",values:["1","2","3"]}};
export function B(p){return jsx("button",{className:"rt-Button "+p.className})}`;
const APP = `jsx(Button,{size:{initial:"1",md:"3"},variant:"soft",mt:"-2",className:"card-title"});`;

const CSS = [
  ".rt-Button:where(.rt-r-size-1){height:1px}",
  ".rt-Button:where(.rt-r-size-4){height:4px}",
  ".rt-Button:where(.rt-variant-soft){color:red}",
  ".rt-Button:where(.rt-variant-ghost){color:blue}",
  ".rt-Tooltip{color:green}",
  ".rt-Button:not(.rt-Tooltip){margin:0}",
  ".-rt-r-mt-2{margin-top:-2px}",
  ".-rt-r-mt-3{margin-top:-3px}",
  "@media (min-width:1024px){.rt-Button:where(.md\\:rt-r-size-3){height:3px}.rt-Button:where(.md\\:rt-r-size-2){height:2px}.rt-Button:where(.sm\\:rt-r-size-3){height:3px}}",
  ".rt-Tooltip,.app-own .anything{padding:0}",
  "[data-accent-color=amber]{--accent-9:gold;color:var(--accent-9)}",
  "@keyframes rt-fade{from{opacity:0}to{opacity:1}}",
].join("");

describe("pruneCss", () => {
  const pruned = pruneCss(CSS, classUsage([PROP_DEFS, APP]));

  it("keeps the classes the JavaScript composes from the values it passes", () => {
    expect(pruned).toContain(".rt-r-size-1");
    expect(pruned).toContain(".rt-variant-soft");
    expect(pruned).toContain(".-rt-r-mt-2{");
    expect(pruned).toContain(".md\\:rt-r-size-3");
    // A class that cannot exist inside :not() does not stop the selector from matching.
    expect(pruned).toContain(".rt-Button:not(.rt-Tooltip)");
  });

  it("drops values only listed as allowed, components never used, breakpoints never given", () => {
    expect(pruned).not.toContain("rt-r-size-4");
    expect(pruned).not.toContain("rt-variant-ghost");
    expect(pruned).not.toContain(".rt-Tooltip{");
    expect(pruned).not.toContain("-rt-r-mt-3");
    expect(pruned).not.toContain("md\\:rt-r-size-2");
    expect(pruned).not.toContain("sm\\:rt-r-size-3");
  });

  it("keeps the app's own classes, attribute selectors and keyframes", () => {
    expect(pruned).toContain(".app-own .anything");
    expect(pruned).not.toContain(".rt-Tooltip,");
    expect(pruned).toContain("[data-accent-color=amber]");
    expect(pruned).toContain("@keyframes rt-fade");
  });

  it("keeps every breakpoint's classes of a prop whose responsive value is not a literal", () => {
    const usage = classUsage([PROP_DEFS, `jsx(Button,{size:{initial:"1",md:wide}})`]);
    expect(pruneCss(CSS, usage)).toContain("md\\:rt-r-size-2");
  });
});

describe("pruneStylesheets", () => {
  it("drops the custom properties nothing reads, across every stylesheet and the JavaScript", () => {
    const tokens = ":root{--amber-9:gold;--amber-10:orange;--red-9:red;--inline:1px;--chained:var(--amber-10)}.rt-Tooltip{--only-here:1px;color:var(--red-9)}";
    const app = ".app{color:var(--amber-9)}";
    const [prunedTokens, prunedApp] = pruneStylesheets([tokens, app], classUsage([PROP_DEFS, `const s={width:"var(--inline)"}`]));
    expect(prunedApp).toBe(app);
    // Read by the other stylesheet, by an inline style in the JavaScript.
    expect(prunedTokens).toContain("--amber-9:gold");
    expect(prunedTokens).toContain("--inline:1px");
    // Read only by a dropped rule, by nothing, or only by an unread property.
    expect(prunedTokens).not.toContain("--red-9");
    expect(prunedTokens).not.toContain("--only-here");
    expect(prunedTokens).not.toContain("--chained");
    expect(prunedTokens).not.toContain("--amber-10");
  });
});
