// The board as the server describes it (/board.json, made from the engine's own data) and
// the map art's layout (/art/layout.json): names, borders, continents, card kinds, missions,
// and where each territory's army badge goes on the world image.

export class Board {
  constructor(data, layout) {
    this.territories = data.territories;
    this.continents = data.continents;
    this.missions = data.missions;
    // the fixed values of the UK sets: three alike by their picture, one of each
    this.setValues = data.set_values || { fixed: {}, mixed: 0 };
    // the rules' numbers the page's questions use (rules.js), the engine's own
    this.rules = data.rules;
    this.ids = Object.keys(data.territories);
    this.layout = layout;
    const terr = layout.territories;
    // mask value -> territory (the hit mask's grey levels are 1 + the index in this list)
    this.byMaskValue = [];
    for (const id of Object.keys(terr)) this.byMaskValue[terr[id].mask_value] = id;
    this.size = [layout.world.width, layout.world.height];
  }

  name(id) {
    const t = this.territories[id];
    return t ? t.name : String(id);
  }

  neighbours(id) {
    const t = this.territories[id];
    return t ? t.neighbours : [];
  }

  isAdjacent(a, b) {
    return this.neighbours(a).includes(b);
  }

  anchor(id) {
    return this.layout.territories[id].anchor;
  }

  box(id) {
    return this.layout.territories[id].box; // [x0, y0, x1, y1], inclusive
  }

  maskValue(id) {
    return this.layout.territories[id].mask_value;
  }

  /** A card's kind: a territory's card shows infantry, cavalry or artillery; wild_N is wild. */
  cardKind(card) {
    const t = this.territories[card];
    if (t) return t.card;
    return String(card).startsWith("wild_") ? "wild" : "?";
  }

  cardName(card) {
    return this.territories[card] ? this.name(card) : "Wild card";
  }

  continentName(id) {
    const c = this.continents[id];
    return c ? c.name : String(id);
  }

  missionText(id) {
    return (id && this.missions[id]) || "";
  }
}
