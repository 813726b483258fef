import { describe, expect, it } from "vitest";
import type { BibleEntry } from "~/projects/bible";
import { findMentions } from "~/projects/mentions";

let nextId = 0;
const entry = (name: string, aliases: string[] = [], fields: Partial<BibleEntry> = {}): BibleEntry => ({
  id: `e${++nextId}`,
  kind: "character",
  name,
  aliases,
  description: "",
  notes: "",
  alwaysInclude: false,
  ...fields,
});

/** The names of the entries mentioned in `texts`. */
function mentioned(entries: BibleEntry[], ...texts: string[]): string[] {
  const found = findMentions(entries, texts);
  return entries.filter((e) => found.has(e.id)).map((e) => e.name);
}

describe("finding the entries a conversation mentions", () => {
  it("matches names case-insensitively, as whole words only", () => {
    const agnes = entry("Agnes");
    expect(mentioned([agnes], "AGNES walked in.")).toEqual(["Agnes"]);
    expect(mentioned([agnes], "agnes walked in.")).toEqual(["Agnes"]);
    expect(mentioned([agnes], "Agnesia walked in. Magnes too. So did xagnes.")).toEqual([]);
    expect(mentioned([entry("Pell")], "A spell, a pellet and a lapel.")).toEqual([]);
  });

  it("matches by any alias", () => {
    const agnes = entry("Agnes Pell", ["Aggie", "the old lock-keeper"]);
    expect(mentioned([agnes], "Aggie said no.")).toEqual(["Agnes Pell"]);
    expect(mentioned([agnes], "Ask the old lock-keeper.")).toEqual(["Agnes Pell"]);
    expect(mentioned([agnes], "Ask the old keeper.")).toEqual([]);
  });

  it("matches simple plurals and possessives of the last word", () => {
    const pell = entry("Pell");
    const house = entry("The Lock House", [], { kind: "place" });
    const agnes = entry("Agnes");
    expect(mentioned([pell], "The Pells arrived.")).toEqual(["Pell"]);
    expect(mentioned([pell], "Pell's boat.")).toEqual(["Pell"]);
    expect(mentioned([pell], "The Pells' boat.")).toEqual(["Pell"]);
    expect(mentioned([house], "All the Lock Houses on the canal.")).toEqual(["The Lock House"]);
    expect(mentioned([house], "the lock house's roof")).toEqual(["The Lock House"]);
    expect(mentioned([agnes], "Agnes's hat.")).toEqual(["Agnes"]);
    expect(mentioned([agnes], "Agnes’s hat (curly apostrophe).")).toEqual(["Agnes"]);
    expect(mentioned([agnes], "Agnes' hat.")).toEqual(["Agnes"]);
    expect(mentioned([entry("Fox")], "Two foxes.")).toEqual(["Fox"]);
  });

  it("does not read other words as plurals of short or unrelated names", () => {
    expect(mentioned([entry("Lin")], "Read the lines again.")).toEqual([]);
    expect(mentioned([entry("Ed")], "The eds met.")).toEqual([]);
    expect(mentioned([entry("Pell")], "Pellss")).toEqual([]);
  });

  it("matches names with spaces, apostrophes and hyphens, word for word", () => {
    const house = entry("The Lock House");
    const obrien = entry("O'Brien");
    const jeanLuc = entry("Jean-Luc");
    expect(mentioned([house], "They reached the   Lock\nHouse at dusk.")).toEqual(["The Lock House"]);
    expect(mentioned([house], "the Lock, House")).toEqual([]);
    expect(mentioned([house], "the Lock and the House")).toEqual([]);
    expect(mentioned([obrien], "O’Brien's dog barked; O'Brien didn't.")).toEqual(["O'Brien"]);
    expect(mentioned([obrien], "Brien stayed home.")).toEqual([]);
    expect(mentioned([jeanLuc], "JEAN-LUC sang.")).toEqual(["Jean-Luc"]);
    expect(mentioned([entry("Luc")], "Jean-Luc sang.")).toEqual([]);
    expect(mentioned([entry("Don")], "I don't know.")).toEqual([]);
  });

  it("matches names in any script, and never inside other words", () => {
    const zoe = entry("Zoë");
    const orsted = entry("Ørsted");
    expect(mentioned([zoe], "zoë and ZOË")).toEqual(["Zoë"]);
    // The same letter written as e + combining diaeresis.
    expect(mentioned([zoe], "Zoe\u0308 arrived.")).toEqual(["Zoë"]);
    expect(mentioned([zoe], "Zoe arrived. Zoëlle too.")).toEqual([]);
    expect(mentioned([orsted], "ørsted's lab")).toEqual(["Ørsted"]);
    expect(mentioned([orsted], "Ørstedvej")).toEqual([]);
    expect(mentioned([entry("Аня")], "Аня пришла.")).toEqual(["Аня"]);
    expect(mentioned([entry("Аня")], "Анястасия")).toEqual([]);
  });

  it("counts mentions across the texts and notes the latest text that has one", () => {
    const agnes = entry("Agnes Pell", ["Aggie", "Pell"]);
    const tom = entry("Tom");
    const found = findMentions([agnes, tom], ["Agnes Pell and Tom.", "Aggie again.", "Nothing here."]);
    // "Agnes Pell" is one mention, though both it and the alias "Pell" match there.
    expect(found.get(agnes.id)).toEqual({ count: 2, lastText: 1 });
    expect(found.get(tom.id)).toEqual({ count: 1, lastText: 0 });
  });

  it("ignores names with no words in them and entries nobody mentions", () => {
    const dash = entry("—");
    const agnes = entry("Agnes");
    expect(mentioned([dash, agnes], "Wait — no.")).toEqual([]);
    expect(findMentions([], ["Agnes"]).size).toBe(0);
    expect(findMentions([agnes], []).size).toBe(0);
  });

  it("follows every edit to names, aliases and their order, though indexes are kept between calls", () => {
    const agnes = entry("Agnes", ["Aggie"]);
    const tom = entry("Tom");
    const text = "Aggie met Tom and Nell.";
    expect(mentioned([agnes, tom], text)).toEqual(["Agnes", "Tom"]);
    // The same names again, and a renamed entry: the new name matches, the old one no longer does.
    expect(mentioned([agnes, tom], text)).toEqual(["Agnes", "Tom"]);
    const nell = { ...tom, name: "Nell" };
    expect(mentioned([agnes, nell], "Tom left.")).toEqual([]);
    expect(mentioned([agnes, nell], text)).toEqual(["Agnes", "Nell"]);
    // The same names in all, but an alias moved to the other entry: it counts for its new owner.
    const agnesOnly = { ...agnes, aliases: [] };
    const nellAggie = { ...nell, aliases: ["Aggie"] };
    expect(mentioned([agnesOnly, nellAggie], "Aggie.")).toEqual(["Nell"]);
    // The same entries in another order.
    expect(mentioned([nellAggie, agnesOnly], "Agnes.")).toEqual(["Agnes"]);
    // More bibles than are kept, then the first again.
    for (let n = 0; n < 12; n++) expect(mentioned([entry(`Name${n}`)], `Name${n}s.`)).toEqual([`Name${n}`]);
    expect(mentioned([agnes, tom], text)).toEqual(["Agnes", "Tom"]);
  });

  it("finds each mention whatever the other names, plurals and possessives around it", () => {
    // Thousands of names, as in a full bible, and words that share a name's first letters and length.
    const many = Array.from({ length: 2000 }, (_, n) => entry(`Name${n} Surname${n}`, [`Alias${n}`]));
    const pell = entry("Pell");
    const text = "Pelt, Pull, Pells and Pell's. Name7 Surname7s. Name8, Surname8. Alias9s.";
    const found = findMentions([...many, pell], [text]);
    expect(found.get(pell.id)).toEqual({ count: 2, lastText: 0 });
    expect(found.get(many[7]!.id)).toEqual({ count: 1, lastText: 0 });
    expect(found.has(many[8]!.id)).toBe(false);
    expect(found.get(many[9]!.id)).toEqual({ count: 1, lastText: 0 });
    expect(found.size).toBe(3);
  });
});
