"""The subtypes the Comprehensive Rules list (CR 205.3g-205.3m), lower case: a word of a card's
text is read as a subtype only if it is one of these (a filter word that is no type would match
nothing, and silently). Data copied from the rules text (MagicCompRules.txt, April 2026)."""

# CR 205.3g
ARTIFACT_TYPES = frozenset({
    'attraction', 'blood', 'bobblehead', 'book', 'clue', 'contraption', 'equipment', 'food',
    'fortification', 'gold', 'incubator', 'infinity', 'junk', 'lander', 'map', 'mutagen',
    'powerstone', 'spacecraft', 'stone', 'treasure', 'vehicle'
})
# CR 205.3h
ENCHANTMENT_TYPES = frozenset({
    'aura', 'background', 'cartouche', 'case', 'class', 'curse', 'role', 'room', 'rune', 'saga',
    'shard', 'shrine'
})
# CR 205.3i
LAND_TYPES = frozenset({
    'cave', 'desert', 'forest', 'gate', 'island', 'lair', 'locus', 'mine', 'mountain', 'plains',
    'planet', 'power-plant', 'sphere', 'swamp', 'tower', 'town', "urza's"
})
# CR 205.3j
PLANESWALKER_TYPES = frozenset({
    'ajani', 'aminatou', 'angrath', 'arlinn', 'ashiok', 'bahamut', 'basri', 'bolas', 'calix',
    'chandra', 'comet', 'dack', 'dakkon', 'daretti', 'davriel', 'dellian', 'dihada', 'domri',
    'dovin', 'ellywick', 'elminster', 'elspeth', 'estrid', 'freyalise', 'garruk', 'gideon', 'grist',
    'guff', 'huatli', 'jace', 'jared', 'jaya', 'jeska', 'kaito', 'karn', 'kasmina', 'kaya', 'kiora',
    'koth', 'liliana', 'lolth', 'lukka', 'minsc', 'mordenkainen', 'nahiri', 'narset', 'niko',
    'nissa', 'nixilis', 'oko', 'quintorius', 'ral', 'rowan', 'saheeli', 'samut', 'sarkhan', 'serra',
    'sivitri', 'sorin', 'szat', 'tamiyo', 'tasha', 'teferi', 'teyo', 'tezzeret', 'tibalt', 'tyvar',
    'ugin', 'urza', 'venser', 'vivien', 'vraska', 'vronos', 'will', 'windgrace', 'wrenn', 'xenagos',
    'yanggu', 'yanling', 'zariel'
})
# CR 205.3m
CREATURE_TYPES = frozenset({
    'advisor', 'aetherborn', 'alien', 'ally', 'angel', 'antelope', 'ape', 'archer', 'archon',
    'armadillo', 'army', 'artificer', 'assassin', 'assembly-worker', 'astartes', 'atog', 'aurochs',
    'avatar', 'azra', 'badger', 'balloon', 'barbarian', 'bard', 'basilisk', 'bat', 'bear', 'beast',
    'beaver', 'beeble', 'beholder', 'berserker', 'bird', 'bison', 'blinkmoth', 'boar', 'bringer',
    'brushwagg', 'camarid', 'camel', 'capybara', 'caribou', 'carrier', 'cat', 'centaur', 'child',
    'chimera', 'citizen', 'cleric', 'clown', 'cockatrice', 'construct', 'coward', 'coyote', 'crab',
    'crocodile', "c'tan", 'custodes', 'cyberman', 'cyclops', 'dalek', 'dauthi', 'demigod', 'demon',
    'deserter', 'detective', 'devil', 'dinosaur', 'djinn', 'doctor', 'dog', 'dragon', 'drake',
    'dreadnought', 'drix', 'drone', 'druid', 'dryad', 'dwarf', 'echidna', 'efreet', 'egg', 'elder',
    'eldrazi', 'elemental', 'elephant', 'elf', 'elk', 'employee', 'eye', 'faerie', 'ferret', 'fish',
    'flagbearer', 'fox', 'fractal', 'frog', 'fungus', 'gamer', 'gargoyle', 'germ', 'giant',
    'giraffe', 'gith', 'glimmer', 'gnoll', 'gnome', 'goat', 'goblin', 'god', 'golem', 'gorgon',
    'graveborn', 'gremlin', 'griffin', 'guest', 'hag', 'halfling', 'hamster', 'harpy', 'hedgehog',
    'hellion', 'hero', 'hippo', 'hippogriff', 'homarid', 'homunculus', 'horror', 'horse', 'human',
    'hydra', 'hyena', 'illusion', 'imp', 'incarnation', 'inkling', 'inquisitor', 'insect', 'jackal',
    'jellyfish', 'juggernaut', 'kangaroo', 'kavu', 'kirin', 'kithkin', 'knight', 'kobold', 'kor',
    'kraken', 'llama', 'lamia', 'lammasu', 'leech', 'lemur', 'leviathan', 'lhurgoyf', 'licid',
    'lizard', 'lobster', 'manticore', 'masticore', 'mercenary', 'merfolk', 'metathran', 'minion',
    'minotaur', 'mite', 'mole', 'monger', 'mongoose', 'monk', 'monkey', 'moogle', 'moonfolk',
    'mount', 'mouse', 'mutant', 'myr', 'mystic', 'nautilus', 'necron', 'nephilim', 'nightmare',
    'nightstalker', 'ninja', 'noble', 'noggle', 'nomad', 'nymph', 'octopus', 'ogre', 'ooze', 'orb',
    'orc', 'orgg', 'otter', 'ouphe', 'ox', 'oyster', 'pangolin', 'peasant', 'pegasus', 'pentavite',
    'performer', 'pest', 'phelddagrif', 'phoenix', 'phyrexian', 'pilot', 'pincher', 'pirate',
    'plant', 'platypus', 'porcupine', 'possum', 'praetor', 'primarch', 'prism', 'processor', 'qu',
    'rabbit', 'raccoon', 'ranger', 'rat', 'rebel', 'reflection', 'rhino', 'rigger', 'robot',
    'rogue', 'sable', 'salamander', 'samurai', 'sand', 'saproling', 'satyr', 'scarecrow',
    'scientist', 'scion', 'scorpion', 'scout', 'sculpture', 'seal', 'serf', 'serpent', 'servo',
    'shade', 'shaman', 'shapeshifter', 'shark', 'sheep', 'siren', 'skeleton', 'skunk', 'slith',
    'sliver', 'sloth', 'slug', 'snail', 'snake', 'soldier', 'soltari', 'sorcerer', 'spawn',
    'specter', 'spellshaper', 'sphinx', 'spider', 'spike', 'spirit', 'splinter', 'sponge', 'squid',
    'squirrel', 'starfish', 'surrakar', 'survivor', 'symbiote', 'synth', 'tentacle', 'tetravite',
    'thalakos', 'thopter', 'thrull', 'tiefling', 'toy', 'treefolk', 'trilobite', 'triskelavite',
    'troll', 'turtle', 'tyranid', 'unicorn', 'utrom', 'vampire', 'varmint', 'vedalken', 'villain',
    'volver', 'wall', 'walrus', 'warlock', 'warrior', 'weasel', 'weird', 'werewolf', 'whale',
    'wizard', 'wolf', 'wolverine', 'wombat', 'worm', 'wraith', 'wurm', 'yeti', 'zombie', 'zubera'
})

# CR 205.3k: the spell types (instants' and sorceries' subtypes)
SPELL_TYPES = frozenset({'adventure', 'arcane', 'lesson', 'omen', 'trap'})

SUBTYPES = ARTIFACT_TYPES | ENCHANTMENT_TYPES | LAND_TYPES | PLANESWALKER_TYPES | CREATURE_TYPES | SPELL_TYPES
