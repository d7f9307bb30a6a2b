"""Aftermath's components as data: the action deck, the two dice, the characters, the enemies,
the items, the status cards, the scavenge tokens and the encounter cards.

Each record says where its facts come from (``core.data.check_provenance``): ``public`` where the
research notes name a source (the four characters' attributes and starting items, the enemy names,
the colours of the attributes), ``design`` where nothing is public and the engine chose (every
number of an enemy, an item, a status, a token; the split of the 37 action cards; the dice faces).

Cards, items, enemies and tokens are ids: indexes into the tables below.
"""

from __future__ import annotations

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.dice import Die
from wasteland.aftermath.vocabulary import Prize

__all__ = [
    "HIDDEN", "NONE", "COLOURS", "ActionCard", "ACTION_CARDS", "THREAT", "CALAMITY", "HAND", "WHITE_DIE",
    "BLACK_DIE", "Character", "CHARACTERS", "CHARACTER_NAMES", "EnemyAction", "Enemy", "ENEMIES", "ENEMY_TYPES",
    "ENEMY_NAMES", "Item", "ITEMS", "ITEM_NAMES", "SLOTS", "PACK", "Condition", "STATUSES", "STATUS_NAMES",
    "Cache", "CACHES", "TIERS", "EncounterCard", "ENCOUNTER_CARDS", "TRACK", "ENEMY_LIMIT", "MAX_FIGURES",
    "MAX_SPACES", "ROUNDS", "ABILITIES", "STASH", "BATTERIES", "ABILITY_KINDS", "AbilityCard", "ABILITY_CARDS",
    "ABILITY_NAMES", "InfluenceCard", "INFLUENCE_CARDS", "INFLUENCE_KINDS", "EnvironmentCard", "ENVIRONMENTS",
    "ENVIRONMENT_NAMES", "ENVIRONMENT_USES", "VehicleCard", "VEHICLES", "VEHICLE_NAMES",
]

HIDDEN = -2
NONE = -1

#: The colours of the action cards: the four attributes, white (starts any test, pays for
#: abilities), black (threat cards) and the calamity card.
COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow", "white", "black", "calamity")
THREAT = "black"
CALAMITY = "calamity"
#: Cards in a hand after the draw step (seed, "1. Dibujar").
HAND = 5
#: Slots of the threat track (*design*: as many as enemy cards may be in play).
TRACK = 5
#: At most 5 enemy cards in play at once (seed, "Límite de 5 enemigos").
ENEMY_LIMIT = 5
#: The most figures one enemy card brings (the 8 roach tokens).
MAX_FIGURES = 8
#: The most spaces a page's map may have (the book format's bound; the action ids count on it).
MAX_SPACES = 16
#: *design*: the mission fails when this many rounds have passed (every character has had a turn
#: in each); the seed sets no such limit (time only costs the colony), but a mission must end.
ROUNDS = 20


@frozen
class ActionCard:
    """One of the 37 basic action cards: its colour and value."""

    colour: str
    value: int


def _deck() -> tuple[ActionCard, ...]:
    cards = [ActionCard(c, v) for c in ("red", "green", "blue", "yellow") for v in (1, 2, 3) for _ in range(2)]
    cards += [ActionCard("white", v) for v in (1, 2, 2)]
    cards += [ActionCard(THREAT, v) for v in (1, 1, 1, 2, 2, 2, 3, 3, 3)]
    cards.append(ActionCard(CALAMITY, 0))
    return tuple(cards)


#: *design* (research §2: the split is not public): 4 colours × values 1-3 × 2 = 24, 4 white
#: (1, 1, 2, 2), 8 black threat cards (values 1, 1, 1, 2, 2, 2, 3, 3) and 1 calamity card = 37.
ACTION_CARDS: tuple[ActionCard, ...] = _deck()

#: *design* (research §3: the faces are not public): both dice show 0, 0, 1, 1, 2, 3.
WHITE_DIE: Die[int] = Die("white", (0, 0, 1, 1, 2, 3))
BLACK_DIE: Die[int] = Die("black", (0, 0, 1, 1, 2, 3))

#: Each character's ability (what the rules do for it, in ``turn.py``).
ABILITIES: tuple[str, ...] = ("team_focus", "tumble", "finder", "throw")


@frozen
class Character:
    """A character card: life, the bonus to each attribute (red, green, blue, yellow), the starting
    item, the ability and its cost in white card value."""

    name: str
    title: str
    life: int
    bonus: tuple[int, int, int, int]
    item: str
    ability: str
    cost: int
    provenance: str


_CHAR = "public [research §4: attribute bonuses, starting item, ability name]; design: life and ability cost"
CHARACTERS: tuple[Character, ...] = (
    Character("meziah", "Meziah", 3, (0, 2, 0, 1), "toothpick_crossbow", "team_focus", 2, _CHAR),
    Character("whisper", "Whisper", 4, (1, 0, 2, 0), "chopstick", "tumble", 2, _CHAR),
    Character("ringr", "Ringr", 3, (0, 1, 0, 2), "one_shot", "finder", 3, _CHAR),
    Character("grumple", "Grumple", 4, (2, 0, 1, 0), "steak_knife", "throw", 2, _CHAR),
)
CHARACTER_NAMES: tuple[str, ...] = tuple(c.name for c in CHARACTERS)


@register("aftermath.EnemyAction")
@frozen
class EnemyAction:
    """A row of an enemy's action table, chosen by the threat card under it (values 1-3)."""

    speed: int
    range: int
    strength: int
    toxic: bool = False


@register("aftermath.Enemy")
@frozen
class Enemy:
    """An enemy card: type, life (a boss's is the number of characters), defence, communicate
    value, how many figures (or tokens) it brings, its actions for threat values 1, 2 and 3, and
    whether it is a boss."""

    name: str
    title: str
    type: str
    life: int
    defence: int
    communicate: int
    figures: int
    actions: tuple[EnemyAction, EnemyAction, EnemyAction]
    boss: bool
    provenance: str


ENEMY_TYPES: tuple[str, ...] = ("vermin", "raider", "scaled", "drone", "junker", "predator")
_E = "public [research §5: the name]; design: every number"
_A = EnemyAction


def _enemy(name: str, title: str, kind: str, life: int, defence: int, talk: int, figures: int,
           actions: tuple[EnemyAction, EnemyAction, EnemyAction], boss: bool = False) -> Enemy:
    return Enemy(name, title, kind, life, defence, talk, figures, actions, boss, _E)


ENEMIES: tuple[Enemy, ...] = (
    _enemy("roaches", "Roaches", "vermin", 1, 1, 3, 8, (_A(1, 0, 3), _A(1, 0, 4), _A(2, 0, 4))),
    _enemy("scorpion", "Scorpion", "vermin", 3, 2, 5, 1, (_A(1, 0, 4), _A(1, 0, 5, True), _A(2, 0, 5, True))),
    _enemy("centipede", "Centipede", "vermin", 3, 2, 4, 1, (_A(2, 0, 4), _A(2, 0, 4), _A(3, 0, 5))),
    _enemy("spider", "Spider", "vermin", 3, 3, 5, 1, (_A(1, 1, 4, True), _A(1, 0, 5), _A(2, 1, 5, True))),
    _enemy("raider_rat", "Raider Rat", "raider", 3, 2, 4, 1, (_A(1, 0, 4), _A(2, 0, 4), _A(2, 0, 5))),
    _enemy("rat_slinger", "Rat Slinger", "raider", 3, 2, 4, 1, (_A(1, 2, 4), _A(0, 2, 5), _A(1, 2, 5))),
    _enemy("rat_brute", "Rat Brute", "raider", 4, 3, 5, 1, (_A(1, 0, 5), _A(1, 0, 6), _A(2, 0, 6))),
    _enemy("skate_raider", "Skate Raider", "raider", 3, 2, 4, 2, (_A(2, 0, 4), _A(3, 0, 4), _A(3, 0, 5))),
    _enemy("blade_biker", "Blade Biker", "raider", 3, 3, 5, 2, (_A(2, 0, 5), _A(3, 0, 5), _A(3, 0, 6))),
    _enemy("lizard_scout", "Lizard Scout", "scaled", 3, 2, 4, 1, (_A(2, 0, 4), _A(2, 1, 4), _A(3, 0, 5))),
    _enemy("lizard_spearman", "Lizard Spearman", "scaled", 4, 3, 5, 1, (_A(1, 0, 5), _A(2, 0, 5), _A(2, 0, 6))),
    _enemy("gecko_sniper", "Gecko Sniper", "scaled", 3, 2, 5, 1, (_A(0, 3, 4), _A(1, 3, 5), _A(0, 3, 6))),
    _enemy("iguana_bruiser", "Iguana Bruiser", "scaled", 5, 3, 6, 1, (_A(1, 0, 5), _A(1, 0, 6), _A(1, 0, 7))),
    _enemy("hornet_drones", "Hornet Drones", "drone", 2, 2, 6, 4, (_A(2, 0, 3), _A(2, 1, 4), _A(3, 0, 4))),
    _enemy("junker_scrapper", "Junker Scrapper", "junker", 3, 2, 4, 1, (_A(1, 0, 4), _A(2, 0, 4), _A(2, 0, 5))),
    _enemy("junker_gunner", "Junker Gunner", "junker", 3, 2, 5, 1, (_A(0, 2, 4), _A(1, 2, 5), _A(1, 3, 5))),
    _enemy("junker_mechanic", "Junker Mechanic", "junker", 4, 3, 4, 1, (_A(1, 0, 4), _A(1, 1, 5), _A(2, 0, 5))),
    _enemy("crow", "Crow", "predator", 4, 3, 6, 1, (_A(3, 0, 5), _A(3, 0, 5), _A(4, 0, 6))),
    _enemy("garden_snake", "Garden Snake", "predator", 4, 3, 6, 1, (_A(1, 0, 5, True), _A(2, 0, 6, True),
                                                                     _A(2, 0, 6, True))),
    _enemy("smokey", "Smokey", "predator", 0, 4, 8, 1, (_A(2, 0, 6), _A(3, 0, 6), _A(3, 1, 7)), boss=True),
    _enemy("dustfeather", "Dustfeather", "predator", 0, 4, 8, 1, (_A(3, 0, 5), _A(4, 1, 6), _A(4, 0, 7)),
           boss=True),
    _enemy("rust_lord", "Rust Lord", "junker", 0, 4, 7, 1, (_A(1, 0, 6), _A(1, 2, 6), _A(2, 0, 7)), boss=True),
)
ENEMY_NAMES: tuple[str, ...] = tuple(e.name for e in ENEMIES)

#: The equipment slots (seed, "Ranuras de equipo"): head, body, paw, paw, accessory.
SLOTS: tuple[str, ...] = ("head", "body", "paw", "paw", "accessory")
#: The slot of the colony upgrades (seed, "Ranuras de equipo": items showing the Stash slot are
#: always added to the colony supply when drawn).
STASH = "stash"
#: Items a character may carry unequipped.
PACK = 2
#: The battery tokens in the box (seed, components: "8 fichas de batería"): the most the party
#: holds, in hand and on items, at once.
BATTERIES = 8


@frozen
class Item:
    """An item card: its slot kind, the test it helps (``use``: ``test`` for any test of
    ``attribute``, or ``melee``, ``ranged``, ``defend``, ``scavenge``, ``move``), the bonus, a
    ranged weapon's range, the scrap its repair costs, and the bonus each battery on it adds.
    A colony upgrade shows the ``stash`` slot (``use`` ``colony``): it goes to the colony supply
    when drawn, and raises the dial ``attribute`` by ``bonus`` in each colony phase."""

    name: str
    title: str
    slot: str
    use: str
    attribute: str
    bonus: int
    range: int
    repair: int
    battery: int
    provenance: str


_PI = "public [research §4: the item and its owner]; design: the numbers"
_DI = "design: nothing of the 51 item cards is public but the names of the starting items"
_ST = ("public [seed: items showing the Stash slot, colony upgrades, go to the colony supply when drawn]; "
       "design: which items, and what each upgrade gives the colony")


def _item(name: str, slot: str, use: str, attribute: str, bonus: int, rng: int = 0, repair: int = 2,
          battery: int = 0, provenance: str = _DI) -> Item:
    return Item(name, name.replace("_", " ").title(), slot, use, attribute, bonus, rng, repair, battery, provenance)


ITEMS: tuple[Item, ...] = (
    _item("toothpick_crossbow", "paw", "ranged", "green", 1, 3, 2, 0, _PI),
    _item("chopstick", "paw", "melee", "red", 1, 0, 1, 0, _PI),
    _item("one_shot", "paw", "ranged", "green", 2, 1, 2, 1, _PI),
    _item("steak_knife", "paw", "melee", "red", 2, 0, 2, 0, _PI),
    _item("thimble_helmet", "head", "defend", "", 1, 0, 1),
    _item("bottle_cap_shield", "paw", "defend", "", 2, 0, 2),
    _item("acorn_cap", "head", "defend", "", 1, 0, 1),
    _item("walnut_helm", "head", "defend", "", 2, 0, 3),
    _item("goggles", "head", "ranged", "green", 1, 0, 2, 1),
    _item("miner_lamp", "head", "scavenge", "yellow", 1, 0, 2, 1),
    _item("radio_headset", "head", "test", "yellow", 1, 0, 3, 1),
    _item("sock_poncho", "body", "defend", "", 1, 0, 1),
    _item("tin_vest", "body", "defend", "", 2, 0, 3),
    _item("bandolier", "body", "ranged", "green", 1, 0, 2),
    _item("utility_belt", "body", "scavenge", "yellow", 1, 0, 1),
    _item("duct_tape_armour", "body", "defend", "", 2, 0, 2),
    _item("padded_mitten", "body", "test", "blue", 1, 0, 1),
    _item("battery_pack", "body", "test", "red", 0, 0, 3, 2),
    _item("paperclip_hook", "paw", "move", "", 1, 0, 1),
    _item("nail_spear", "paw", "melee", "red", 2, 0, 2),
    _item("pin_lance", "paw", "melee", "red", 1, 0, 1),
    _item("razor_blade", "paw", "melee", "red", 3, 0, 3),
    _item("rubber_band_gun", "paw", "ranged", "green", 1, 2, 1),
    _item("dart_blower", "paw", "ranged", "green", 2, 2, 2),
    _item("slingshot", "paw", "ranged", "green", 1, 3, 2),
    _item("taser_prong", "paw", "melee", "red", 1, 0, 3, 2),
    _item("lid_buckler", "paw", "defend", "", 1, 0, 1),
    _item("spoon_shovel", "paw", "scavenge", "yellow", 2, 0, 1),
    _item("fork_trident", "paw", "melee", "red", 2, 0, 2),
    _item("matchbox_torch", "paw", "test", "yellow", 1, 0, 1, 1),
    _item("magnifier", "accessory", "scavenge", "yellow", 1, 0, 2),
    _item("lucky_button", "accessory", "test", "white", 1, 0, 2),
    _item("compass", "accessory", "move", "", 1, 0, 2),
    _item("rain_barrel", "stash", "colony", "food", 1, 0, 2, 0, _ST),
    _item("bandage_roll", "accessory", "test", "blue", 1, 0, 1),
    _item("seed_tray", "stash", "colony", "food", 1, 0, 1, 0, _ST),
    _item("spring_shoes", "accessory", "move", "", 2, 0, 3, 1),
    _item("pocket_watch", "accessory", "test", "green", 1, 0, 2),
    _item("workbench", "stash", "colony", "scrap", 1, 0, 3, 0, _ST),
    _item("cork_armour", "body", "defend", "", 1, 0, 1),
    _item("foil_cape", "body", "test", "green", 1, 0, 2),
    _item("bottle_rocket", "paw", "ranged", "green", 3, 2, 3),
    _item("crank_flashlight", "accessory", "scavenge", "yellow", 1, 0, 2, 1),
    _item("wire_cutters", "paw", "test", "red", 1, 0, 2),
    _item("button_shield", "paw", "defend", "", 1, 0, 1),
    _item("pen_cap_helm", "head", "defend", "", 1, 0, 1),
    _item("marble_sling", "paw", "ranged", "green", 2, 2, 2),
    _item("staple_gun", "paw", "ranged", "green", 2, 1, 3, 1),
    _item("cotton_padding", "body", "defend", "", 1, 0, 1),
    _item("signal_mirror", "stash", "colony", "clues", 1, 0, 2, 0, _ST),
    _item("medic_pouch", "accessory", "test", "blue", 2, 0, 3),
)
ITEM_NAMES: tuple[str, ...] = tuple(i.name for i in ITEMS)


@frozen
class Condition:
    """A status card: the test that removes it (attribute, difficulty) and its penalty to tests of
    ``attribute`` (``""``: every test)."""

    name: str
    title: str
    remove: str
    difficulty: int
    penalty_attribute: str
    penalty: int
    provenance: str


_DS = "design: the 17 status cards are not public"


def _status(name: str, remove: str, difficulty: int, attribute: str, penalty: int,
            provenance: str = _DS) -> Condition:
    return Condition(name, name.replace("_", " ").title(), remove, difficulty, attribute, penalty, provenance)


STATUSES: tuple[Condition, ...] = (
    _status("seriously_wounded", "blue", 5, "", 1, "public [seed: Herido grave]; design: the numbers"),
    _status("poisoned", "blue", 4, "red", 1),
    _status("frightened", "yellow", 4, "yellow", 1),
    _status("dazed", "blue", 3, "green", 1),
    _status("bleeding", "blue", 4, "", 1),
    _status("exhausted", "blue", 3, "red", 1),
    _status("hungry", "yellow", 3, "blue", 1),
    _status("soaked", "green", 3, "green", 1),
    _status("burned", "blue", 4, "red", 1),
    _status("sprained", "green", 4, "green", 2),
    _status("sick", "blue", 5, "", 1),
    _status("confused", "yellow", 4, "yellow", 2),
    _status("sticky", "red", 3, "green", 1),
    _status("blinded", "yellow", 4, "green", 2),
    _status("shaken", "yellow", 3, "", 1),
    _status("bruised", "blue", 3, "red", 1),
    _status("lost", "yellow", 5, "yellow", 1),
)
STATUS_NAMES: tuple[str, ...] = tuple(s.name for s in STATUSES)


@frozen
class Cache:
    """A scavenge token: its difficulty (printed on its back) and its prize."""

    difficulty: int
    prize: Prize
    provenance: str


_DC = "design: research §9 (difficulty tiers, counts and prizes are not public)"


def _cache(difficulty: int, food: int = 0, scrap: int = 0, clues: int = 0, batteries: int = 0, items: int = 0,
           broken: int = 0) -> Cache:
    dials = tuple((d, n) for d, n in (("food", food), ("scrap", scrap), ("clues", clues)) if n)
    return Cache(difficulty, Prize(dials, batteries, items, broken), _DC)


#: *design*: 21 tokens in three tiers, 4 (9 tokens), 6 (7) and 8 (5); higher tiers give more.
CACHES: tuple[Cache, ...] = (
    _cache(4, food=1), _cache(4, food=1), _cache(4, scrap=1), _cache(4, scrap=1), _cache(4, food=2),
    _cache(4, batteries=1), _cache(4, broken=1), _cache(4, food=1, scrap=1), _cache(4, clues=1),
    _cache(6, food=2), _cache(6, scrap=2), _cache(6, items=1), _cache(6, batteries=2), _cache(6, food=2, scrap=1),
    _cache(6, broken=1, scrap=1), _cache(6, clues=1, food=1),
    _cache(8, items=1, food=1), _cache(8, food=3), _cache(8, scrap=3), _cache(8, items=1, batteries=1),
    _cache(8, items=2),
)
TIERS: tuple[int, ...] = (4, 6, 8)


@frozen
class EncounterCard:
    """An encounter card: the enemy cards it brings and whether it is hostile."""

    enemies: tuple[str, ...]
    hostile: bool
    provenance: str


_DE = "design: the 17 encounter cards are not public"
ENCOUNTER_CARDS: tuple[EncounterCard, ...] = tuple(EncounterCard(e, h, _DE) for e, h in (
    (("roaches",), True), (("scorpion",), True), (("centipede", "spider"), True), (("raider_rat",), False),
    (("raider_rat", "rat_slinger"), True), (("rat_brute",), True), (("skate_raider",), True),
    (("lizard_scout",), False), (("lizard_spearman", "gecko_sniper"), True), (("iguana_bruiser",), True),
    (("hornet_drones",), True), (("junker_scrapper",), False), (("junker_gunner", "junker_mechanic"), True),
    (("crow",), True), (("garden_snake",), True), (("blade_biker",), True), (("spider",), False),
))


# -- the character deck boxes' ability and influence cards, environment and vehicle travel cards --

#: What an ability or influence card does (``turn.py`` plays each): ``team_focus`` +amount to the
#: next test and +1 a companion in the space; ``focus`` +amount to the next test; ``tumble`` to a
#: space one line away, free; ``finder`` draw an item; ``throw`` amount wounds to an enemy figure
#: in the space or one line away (hostile); ``heal`` amount wounds off the character and each
#: companion in its space; ``rally`` draw amount action cards (to 5 in hand); ``calm`` discard the
#: bottom threat card of the track.
ABILITY_KINDS: tuple[str, ...] = ("team_focus", "focus", "tumble", "finder", "throw", "heal", "rally", "calm")


@register("aftermath.AbilityCard")
@frozen
class AbilityCard:
    """An ability card (seed, components: 20; "Acción: Activar habilidad"): its character, what it
    does (``kind``, ``amount``) and its cost in white card value; ``starting``: the character's
    starting ability (its card shows it)."""

    name: str
    title: str
    character: str
    kind: str
    amount: int
    cost: int
    starting: bool
    provenance: str


_AB0 = "public [research §4: the starting ability's name]; design: what it does and its cost"
_AB = "design: the 16 ability cards beyond the starting ones are not public"


def _ability_card(name: str, who: str, kind: str, amount: int, cost: int, starting: bool = False) -> AbilityCard:
    return AbilityCard(name, name.replace("_", " ").title(), who, kind, amount, cost, starting,
                       _AB0 if starting else _AB)


#: *design*: 5 a character (20 in all, the seed's count), the starting one first.
ABILITY_CARDS: tuple[AbilityCard, ...] = (
    _ability_card("team_focus", "meziah", "team_focus", 1, 2, True),
    _ability_card("steady_aim", "meziah", "focus", 2, 2),
    _ability_card("scout_ahead", "meziah", "tumble", 0, 1),
    _ability_card("pinpoint_shot", "meziah", "throw", 1, 3),
    _ability_card("keen_eyes", "meziah", "finder", 1, 3),
    _ability_card("tumble", "whisper", "tumble", 0, 2, True),
    _ability_card("field_dressing", "whisper", "heal", 1, 2),
    _ability_card("soothing_words", "whisper", "calm", 1, 2),
    _ability_card("second_wind", "whisper", "heal", 2, 3),
    _ability_card("forage", "whisper", "finder", 1, 3),
    _ability_card("finder", "ringr", "finder", 1, 3, True),
    _ability_card("jury_rig", "ringr", "rally", 1, 2),
    _ability_card("gadget_toss", "ringr", "throw", 1, 2),
    _ability_card("quick_fix", "ringr", "heal", 1, 2),
    _ability_card("analyze", "ringr", "focus", 2, 2),
    _ability_card("throw", "grumple", "throw", 1, 2, True),
    _ability_card("bulldoze", "grumple", "tumble", 0, 1),
    _ability_card("big_hug", "grumple", "heal", 1, 2),
    _ability_card("war_cry", "grumple", "calm", 1, 2),
    _ability_card("stubborn", "grumple", "focus", 2, 2),
)
ABILITY_NAMES: tuple[str, ...] = tuple(a.name for a in ABILITY_CARDS)


@register("aftermath.InfluenceCard")
@frozen
class InfluenceCard:
    """A character influence card (seed, components: 4, one in each character deck box): played
    once a mission, as an action that costs no card, with the effect of an ability ``kind`` (one
    needing no target: focus, heal, rally, calm)."""

    name: str
    title: str
    character: str
    kind: str
    amount: int
    provenance: str


_IN = "design: the seed lists the 4 character influence cards, but not what they do"
#: *design*: one a character; its use is once a mission (each is a character's standing in the
#: colony, called on when it matters most).
INFLUENCE_CARDS: tuple[InfluenceCard, ...] = (
    InfluenceCard("colony_scout", "Colony Scout", "meziah", "rally", 1, _IN),
    InfluenceCard("kind_heart", "Kind Heart", "whisper", "heal", 1, _IN),
    InfluenceCard("tinkers_word", "Tinker's Word", "ringr", "focus", 2, _IN),
    InfluenceCard("big_presence", "Big Presence", "grumple", "calm", 1, _IN),
)
INFLUENCE_KINDS: tuple[str, ...] = ("focus", "heal", "rally", "calm")


@register("aftermath.EnvironmentCard")
@frozen
class EnvironmentCard:
    """An environment card (seed, components: 10; setup step 8: a face-up deck, brought out when the
    book asks): while in play on the page it changes every test of ``attribute`` (``use``
    ``test``) or of an action (``melee``, ``ranged``, ``defend``, ``scavenge``, ``communicate``),
    or a move's points (``move``), by ``bonus``."""

    name: str
    title: str
    use: str
    attribute: str
    bonus: int
    provenance: str


_EN = "design: the 10 environment cards are not public"
ENVIRONMENT_USES: tuple[str, ...] = ("test", "melee", "ranged", "defend", "scavenge", "communicate", "move")


def _environment(name: str, use: str, bonus: int, attribute: str = "") -> EnvironmentCard:
    return EnvironmentCard(name, name.replace("_", " ").title(), use, attribute, bonus, _EN)


ENVIRONMENTS: tuple[EnvironmentCard, ...] = (
    _environment("darkness", "ranged", -1),
    _environment("thick_fog", "ranged", -2),
    _environment("downpour", "move", -1),
    _environment("heat_wave", "test", -1, "blue"),
    _environment("cold_snap", "test", -1, "red"),
    _environment("foul_stench", "test", -1, "yellow"),
    _environment("slick_floor", "test", -1, "green"),
    _environment("echoing_halls", "communicate", -1),
    _environment("still_night", "scavenge", 1),
    _environment("high_ground", "defend", 1),
)
ENVIRONMENT_NAMES: tuple[str, ...] = tuple(e.name for e in ENVIRONMENTS)


@register("aftermath.VehicleCard")
@frozen
class VehicleCard:
    """A vehicle travel card (seed, components: 13; the truck and jeep standees): the party holds it
    once the book gives it; on a travel the bookkeeper may drive instead of walking: the card is
    spent, the trip costs ``fuel`` scrap and no day, and ``dial`` changes by ``amount`` (the road's
    luck: 0, nothing)."""

    name: str
    title: str
    fuel: int
    dial: str
    amount: int
    provenance: str


_VE = "design: the 13 vehicle travel cards are not public but for the truck and jeep standees"


def _vehicle(name: str, fuel: int, dial: str = "", amount: int = 0) -> VehicleCard:
    return VehicleCard(name, name.replace("_", " ").title(), fuel, dial, amount, _VE)


VEHICLES: tuple[VehicleCard, ...] = (
    _vehicle("toy_truck", 1), _vehicle("toy_jeep", 1), _vehicle("rc_car", 1, "morale", 1),
    _vehicle("skateboard", 0), _vehicle("roller_skate", 0, "morale", 1), _vehicle("shoebox_sled", 0, "food", -1),
    _vehicle("paper_boat", 0, "clues", 1), _vehicle("kite", 1, "clues", 1), _vehicle("wind_up_mouse", 1),
    _vehicle("tin_can_cart", 1, "scrap", 1), _vehicle("bottle_raft", 0), _vehicle("balloon", 2, "morale", 1),
    _vehicle("milk_carton_boat", 1, "food", 1),
)
VEHICLE_NAMES: tuple[str, ...] = tuple(v.name for v in VEHICLES)
