<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>CardBrowser</name>
    <message>
        <source>Explore cards</source>
        <translation>Explore cards</translation>
    </message>
    <message>
        <source>Line (%1)</source>
        <translation>Line (%1)</translation>
    </message>
    <message>
        <source>Discard pile (%1)</source>
        <translation>Discard pile (%1)</translation>
    </message>
    <message>
        <source>Still in the deck (%1)</source>
        <translation>Still in the deck (%1)</translation>
    </message>
    <message>
        <source>The deck&apos;s order is hidden: its cards are listed alphabetically.</source>
        <translation>The deck&apos;s order is hidden: its cards are listed alphabetically.</translation>
    </message>
    <message>
        <source>%1 · %2 steps</source>
        <translation>%1 · %2 steps</translation>
    </message>
</context>
<context>
    <name>CardLineWidget</name>
    <message>
        <source>&lt;b&gt;Line&lt;/b&gt; (the active card is highlighted, far from the deck)</source>
        <translation>&lt;b&gt;Line&lt;/b&gt; (the active card is highlighted, far from the deck)</translation>
    </message>
    <message>
        <source>&amp;Cards…</source>
        <translation>&amp;Cards…</translation>
    </message>
    <message>
        <source>Step through the line, the discard pile and the cards still in the deck</source>
        <translation>Step through the line, the discard pile and the cards still in the deck</translation>
    </message>
    <message numerus="yes">
        <source>Deck
%n card(s)</source>
        <translation>
            <numerusform>Deck
%n card</numerusform>
            <numerusform>Deck
%n cards</numerusform>
        </translation>
    </message>
    <message>
        <source>Active card: %1, move up to %2 steps</source>
        <translation>Active card: %1, move up to %2 steps</translation>
    </message>
    <message>
        <source>No active card</source>
        <translation>No active card</translation>
    </message>
</context>
<context>
    <name>GameKeeper</name>
    <message>
        <source>The game history could not be read (%1).</source>
        <translation>The game history could not be read (%1).</translation>
    </message>
    <message>
        <source>It was kept as %1 and a new history was started.</source>
        <translation>It was kept as %1 and a new history was started.</translation>
    </message>
    <message>
        <source>The finished game could not be added to the history (%1).</source>
        <translation>The finished game could not be added to the history (%1).</translation>
    </message>
</context>
<context>
    <name>GameModel</name>
    <message>
        <source>Draw setup piece</source>
        <translation>Draw setup piece</translation>
    </message>
    <message>
        <source>Action A: roads</source>
        <translation>Action A: roads</translation>
    </message>
    <message>
        <source>Action B: walls</source>
        <translation>Action B: walls</translation>
    </message>
    <message>
        <source>Action C: one wall</source>
        <translation>Action C: one wall</translation>
    </message>
    <message>
        <source>No draw possible</source>
        <translation>No draw possible</translation>
    </message>
    <message>
        <source>Special action: +1 cell</source>
        <translation>Special action: +1 cell</translation>
    </message>
    <message>
        <source>Special action: warp</source>
        <translation>Special action: warp</translation>
    </message>
    <message>
        <source>Draw the +1 cell</source>
        <translation>Draw the +1 cell</translation>
    </message>
    <message>
        <source>Move the adventurer</source>
        <translation>Move the adventurer</translation>
    </message>
    <message>
        <source>Escape</source>
        <translation>Escape</translation>
    </message>
    <message>
        <source>Stay</source>
        <translation>Stay</translation>
    </message>
    <message>
        <source>Keep objective card</source>
        <translation>Keep objective card</translation>
    </message>
</context>
<context>
    <name>HandoffCover</name>
    <message>
        <source>Pass to %1 — click when ready</source>
        <translation>Pass to %1 — click when ready</translation>
    </message>
    <message>
        <source>I am %1: show my sheet</source>
        <translation>I am %1: show my sheet</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Game</translation>
    </message>
    <message>
        <source>&amp;Turn</source>
        <translation>&amp;Turn</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;New Game…</source>
        <translation>&amp;New Game…</translation>
    </message>
    <message>
        <source>&amp;Daily Challenge</source>
        <translation>&amp;Daily Challenge</translation>
    </message>
    <message>
        <source>A solo game dealt from today&apos;s date: everyone gets the same cards</source>
        <translation>A solo game dealt from today&apos;s date: everyone gets the same cards</translation>
    </message>
    <message>
        <source>&amp;Open Game…</source>
        <translation>&amp;Open Game…</translation>
    </message>
    <message>
        <source>&amp;Save Game As…</source>
        <translation>&amp;Save Game As…</translation>
    </message>
    <message>
        <source>Open &amp;Replay…</source>
        <translation>Open &amp;Replay…</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>S&amp;tatistics…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;Rules Summary…</source>
        <translation>&amp;Rules Summary…</translation>
    </message>
    <message>
        <source>&amp;About In the Ruin…</source>
        <translation>&amp;About In the Ruin…</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>System language</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Undo</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Redo</translation>
    </message>
    <message>
        <source>&amp;Confirm</source>
        <translation>&amp;Confirm</translation>
    </message>
    <message>
        <source>Explore &amp;cards…</source>
        <translation>Explore &amp;cards…</translation>
    </message>
    <message>
        <source>&lt;h1&gt;In the Ruin&lt;/h1&gt;&lt;p&gt;Draw the ruin, collect gems, escape in time.&lt;/p&gt;</source>
        <translation>&lt;h1&gt;In the Ruin&lt;/h1&gt;&lt;p&gt;Draw the ruin, collect gems, escape in time.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>New Game…</source>
        <translation>New Game…</translation>
    </message>
    <message>
        <source>Daily Challenge</source>
        <translation>Daily Challenge</translation>
    </message>
    <message>
        <source>Open Game…</source>
        <translation>Open Game…</translation>
    </message>
    <message>
        <source>Rules Summary…</source>
        <translation>Rules Summary…</translation>
    </message>
    <message>
        <source>Announcements</source>
        <translation>Announcements</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Seats</translation>
    </message>
    <message>
        <source>In the Ruin</source>
        <translation>In the Ruin</translation>
    </message>
    <message>
        <source>In the Ruin — stage %1, round %2</source>
        <translation>In the Ruin — stage %1, round %2</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Player</translation>
    </message>
    <message>
        <source>Save Game</source>
        <translation>Save Game</translation>
    </message>
    <message>
        <source>In the Ruin records (*.json)</source>
        <translation>In the Ruin records (*.json)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Saved %1</translation>
    </message>
    <message>
        <source>Open Game</source>
        <translation>Open Game</translation>
    </message>
    <message>
        <source>In the Ruin records (*.json);;All files (*)</source>
        <translation>In the Ruin records (*.json);;All files (*)</translation>
    </message>
    <message>
        <source>Open Replay</source>
        <translation>Open Replay</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Cannot read %1: %2</translation>
    </message>
    <message>
        <source>About In the Ruin</source>
        <translation>About In the Ruin</translation>
    </message>
    <message>
        <source>&lt;h3&gt;In the Ruin&lt;/h3&gt;&lt;p&gt;A digital edition of the flip-and-write game インザルーイン.&lt;/p&gt;&lt;p&gt;Draw roads and walls, collect gems, link your objective cards and escape before the ruin collapses.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;In the Ruin&lt;/h3&gt;&lt;p&gt;A digital edition of the flip-and-write game インザルーイン.&lt;/p&gt;&lt;p&gt;Draw roads and walls, collect gems, link your objective cards and escape before the ruin collapses.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Resume game</source>
        <translation>Resume game</translation>
    </message>
    <message>
        <source>A game was interrupted. Continue it where it stopped?</source>
        <translation>A game was interrupted. Continue it where it stopped?</translation>
    </message>
    <message>
        <source>Seed %1</source>
        <translation>Seed %1</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>Setup</translation>
    </message>
    <message>
        <source>Round %1</source>
        <translation>Round %1</translation>
    </message>
    <message>
        <source>Nothing to announce.</source>
        <translation>Nothing to announce.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Daily challenge %1: your best today is %2 VP</source>
        <translation>Daily challenge %1: your best today is %2 VP</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>Player %1</source>
        <translation>Player %1</translation>
    </message>
    <message>
        <source>New Game</source>
        <translation>New Game</translation>
    </message>
    <message>
        <source>&amp;Seats:</source>
        <translation>&amp;Seats:</translation>
    </message>
    <message>
        <source>S&amp;eed (optional):</source>
        <translation>S&amp;eed (optional):</translation>
    </message>
    <message>
        <source>random</source>
        <translation>random</translation>
    </message>
    <message>
        <source>Seat %1:</source>
        <translation>Seat %1:</translation>
    </message>
    <message>
        <source>Human</source>
        <translation>Human</translation>
    </message>
    <message>
        <source>Computer (%1)</source>
        <translation>Computer (%1)</translation>
    </message>
    <message>
        <source>beginner</source>
        <translation>beginner</translation>
    </message>
    <message>
        <source>standard</source>
        <translation>standard</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>expert</translation>
    </message>
</context>
<context>
    <name>ObjectiveChoiceDialog</name>
    <message>
        <source>Special action: +1 cell</source>
        <translation>Special action: +1 cell</translation>
    </message>
    <message>
        <source>Special action: warp</source>
        <translation>Special action: warp</translation>
    </message>
    <message>
        <source>Discard which objective card to pay for it?</source>
        <translation>Discard which objective card to pay for it?</translation>
    </message>
</context>
<context>
    <name>PlayerPanel</name>
    <message>
        <source>Gem track</source>
        <translation>Gem track</translation>
    </message>
    <message>
        <source>Penalty track</source>
        <translation>Penalty track</translation>
    </message>
    <message>
        <source>Objective cards (✓ route complete now)</source>
        <translation>Objective cards (✓ route complete now)</translation>
    </message>
    <message>
        <source>Square 1</source>
        <translation>Square 1</translation>
    </message>
    <message>
        <source>Square 2</source>
        <translation>Square 2</translation>
    </message>
    <message>
        <source>Gems</source>
        <translation>Gems</translation>
    </message>
    <message>
        <source>Honour</source>
        <translation>Honour</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>Routes</translation>
    </message>
    <message>
        <source>&lt;b&gt;Total&lt;/b&gt;</source>
        <translation>&lt;b&gt;Total&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Player</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>Score sheet</translation>
    </message>
    <message>
        <source>Route complete right now</source>
        <translation>Route complete right now</translation>
    </message>
    <message>
        <source>Route not complete yet</source>
        <translation>Route not complete yet</translation>
    </message>
    <message>
        <source>Score sheet (final)</source>
        <translation>Score sheet (final)</translation>
    </message>
    <message>
        <source>Score sheet (if the game ended now)</source>
        <translation>Score sheet (if the game ended now)</translation>
    </message>
</context>
<context>
    <name>ReplayWindow</name>
    <message>
        <source>No rounds</source>
        <translation>No rounds</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>Setup</translation>
    </message>
    <message>
        <source>Final (round %1)</source>
        <translation>Final (round %1)</translation>
    </message>
    <message>
        <source>Round %1 (stage %2)</source>
        <translation>Round %1 (stage %2)</translation>
    </message>
    <message>
        <source>There is nothing to replay in this record.</source>
        <translation>There is nothing to replay in this record.</translation>
    </message>
    <message>
        <source>Escaped in round %1: no turn.</source>
        <translation>Escaped in round %1: no turn.</translation>
    </message>
    <message>
        <source>No turn.</source>
        <translation>No turn.</translation>
    </message>
    <message numerus="yes">
        <source>A: drew the card as roads (%n cell(s)).</source>
        <translation>
            <numerusform>A: drew the card as roads (%n cell).</numerusform>
            <numerusform>A: drew the card as roads (%n cells).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>B: drew the card as walls (%n cell(s)).</source>
        <translation>
            <numerusform>B: drew the card as walls (%n cell).</numerusform>
            <numerusform>B: drew the card as walls (%n cells).</numerusform>
        </translation>
    </message>
    <message>
        <source>C: drew one wall and took a penalty.</source>
        <translation>C: drew one wall and took a penalty.</translation>
    </message>
    <message>
        <source>No draw was possible: took a penalty.</source>
        <translation>No draw was possible: took a penalty.</translation>
    </message>
    <message>
        <source>+1 road</source>
        <translation>+1 road</translation>
    </message>
    <message>
        <source>+1 wall</source>
        <translation>+1 wall</translation>
    </message>
    <message>
        <source>warp</source>
        <translation>warp</translation>
    </message>
    <message>
        <source>Special action: %1, paid with objective %2.</source>
        <translation>Special action: %1, paid with objective %2.</translation>
    </message>
    <message numerus="yes">
        <source>Moved %n step(s).</source>
        <translation>
            <numerusform>Moved %n step.</numerusform>
            <numerusform>Moved %n steps.</numerusform>
        </translation>
    </message>
    <message>
        <source>Did not move.</source>
        <translation>Did not move.</translation>
    </message>
    <message>
        <source>Escaped.</source>
        <translation>Escaped.</translation>
    </message>
    <message>
        <source>Active card: %1</source>
        <translation>Active card: %1</translation>
    </message>
    <message>
        <source>Step 1</source>
        <translation>Step 1</translation>
    </message>
    <message>
        <source>Step 2: announcements</source>
        <translation>Step 2: announcements</translation>
    </message>
    <message>
        <source>Nothing was announced.</source>
        <translation>Nothing was announced.</translation>
    </message>
    <message>
        <source>Every seat has drawn its setup pieces; the marked cells are the setup.</source>
        <translation>Every seat has drawn its setup pieces; the marked cells are the setup.</translation>
    </message>
    <message>
        <source>Active destinations: %1</source>
        <translation>Active destinations: %1</translation>
    </message>
    <message>
        <source>Collected: %1</source>
        <translation>Collected: %1</translation>
    </message>
    <message>
        <source>Line: %1 · deck %2 · discard %3</source>
        <translation>Line: %1 · deck %2 · discard %3</translation>
    </message>
    <message>
        <source>On the sheet: blue cells were drawn or changed in this round; the dotted line is the adventurer&apos;s walk (its dot marks the start).</source>
        <translation>On the sheet: blue cells were drawn or changed in this round; the dotted line is the adventurer&apos;s walk (its dot marks the start).</translation>
    </message>
    <message>
        <source>Final scores</source>
        <translation>Final scores</translation>
    </message>
    <message>
        <source>Scores if the game ended now</source>
        <translation>Scores if the game ended now</translation>
    </message>
    <message>
        <source>Gems</source>
        <translation>Gems</translation>
    </message>
    <message>
        <source>Penalties</source>
        <translation>Penalties</translation>
    </message>
    <message>
        <source>Objective cards</source>
        <translation>Objective cards</translation>
    </message>
    <message>
        <source>Escaped</source>
        <translation>Escaped</translation>
    </message>
    <message>
        <source>round %1</source>
        <translation>round %1</translation>
    </message>
    <message>
        <source>Square bonus 1</source>
        <translation>Square bonus 1</translation>
    </message>
    <message>
        <source>Square bonus 2</source>
        <translation>Square bonus 2</translation>
    </message>
    <message>
        <source>Gems (VP)</source>
        <translation>Gems (VP)</translation>
    </message>
    <message>
        <source>Honour</source>
        <translation>Honour</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>Routes</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>★ wins (R11.5: highest total, then most road/gate cells).</source>
        <translation>★ wins (R11.5: highest total, then most road/gate cells).</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Saved %1</translation>
    </message>
    <message>
        <source>Could not save %1</source>
        <translation>Could not save %1</translation>
    </message>
    <message>
        <source>Export sheet as PNG</source>
        <translation>Export sheet as PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG images (*.png)</translation>
    </message>
    <message>
        <source>This record cannot be read: %1</source>
        <translation>This record cannot be read: %1</translation>
    </message>
    <message>
        <source>This record breaks a rule during the setup, so there is nothing to replay: %1</source>
        <translation>This record breaks a rule during the setup, so there is nothing to replay: %1</translation>
    </message>
    <message>
        <source>the setup</source>
        <translation>the setup</translation>
    </message>
    <message>
        <source>%1, seat %2</source>
        <translation>%1, seat %2</translation>
    </message>
    <message>
        <source>This record breaks a rule in %1; the replay stops before it. %2</source>
        <translation>This record breaks a rule in %1; the replay stops before it. %2</translation>
    </message>
    <message>
        <source>Replay — %1</source>
        <translation>Replay — %1</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Replay</translation>
    </message>
    <message>
        <source>Setup (Home)</source>
        <translation>Setup (Home)</translation>
    </message>
    <message>
        <source>Previous round (Left)</source>
        <translation>Previous round (Left)</translation>
    </message>
    <message>
        <source>Next round (Right)</source>
        <translation>Next round (Right)</translation>
    </message>
    <message>
        <source>Last round (End)</source>
        <translation>Last round (End)</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Round</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Seat</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>Export PNG…</translation>
    </message>
    <message>
        <source>Save the sheet shown as a PNG image</source>
        <translation>Save the sheet shown as a PNG image</translation>
    </message>
    <message>
        <source>This record ends before the setup is complete: there is nothing to replay.</source>
        <translation>This record ends before the setup is complete: there is nothing to replay.</translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <source>Rules Summary</source>
        <translation>Rules Summary</translation>
    </message>
    <message>
        <source>&lt;h2&gt;In the Ruin — rules summary&lt;/h2&gt;&lt;p&gt;Each player draws on a private 11×11 map sheet. Score victory points (VP) with gems, objective routes, big rectangles and an early escape.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;In the Ruin — rules summary&lt;/h2&gt;&lt;p&gt;Each player draws on a private 11×11 map sheet. Score victory points (VP) with gems, objective routes, big rectangles and an early escape.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Setup&lt;/h3&gt;&lt;p&gt;Keep 2 of your 4 objective cards. Draw one explore card as roads ○ covering the exit, the other as walls ■ touching a road (solo: two road cards, then two wall cards). The letters on everyone&apos;s setup cards become destinations.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Setup&lt;/h3&gt;&lt;p&gt;Keep 2 of your 4 objective cards. Draw one explore card as roads ○ covering the exit, the other as walls ■ touching a road (solo: two road cards, then two wall cards). The letters on everyone&apos;s setup cards become destinations.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Each round: step 1 (secret, everyone at once)&lt;/h3&gt;&lt;p&gt;The active card is the one farthest from the deck. Take exactly one action:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;A&lt;/b&gt;: draw its piece as roads ○ (rotate and mirror freely);&lt;/li&gt;&lt;li&gt;&lt;b&gt;B&lt;/b&gt;: draw it as walls ■;&lt;/li&gt;&lt;li&gt;&lt;b&gt;C&lt;/b&gt;: draw one wall anywhere next to a filled cell, and take a penalty.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;A piece must touch a cell filled before this round and may not cover a filled cell. Roads never form a 2×2 block. Then move your adventurer up to the card&apos;s number of steps along roads and gates.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Each round: step 1 (secret, everyone at once)&lt;/h3&gt;&lt;p&gt;The active card is the one farthest from the deck. Take exactly one action:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;A&lt;/b&gt;: draw its piece as roads ○ (rotate and mirror freely);&lt;/li&gt;&lt;li&gt;&lt;b&gt;B&lt;/b&gt;: draw it as walls ■;&lt;/li&gt;&lt;li&gt;&lt;b&gt;C&lt;/b&gt;: draw one wall anywhere next to a filled cell, and take a penalty.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;A piece must touch a cell filled before this round and may not cover a filled cell. Roads never form a 2×2 block. Then move your adventurer up to the card&apos;s number of steps along roads and gates.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Special actions&lt;/h3&gt;&lt;p&gt;Once per round, discard an objective card to draw one extra ○ or ■ next to any filled cell (+1 cell), or to let one step jump from a gate to any other gate (warp).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Special actions&lt;/h3&gt;&lt;p&gt;Once per round, discard an objective card to draw one extra ○ or ■ next to any filled cell (+1 cell), or to let one step jump from a gate to any other gate (warp).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Step 2: gems and new destinations&lt;/h3&gt;&lt;p&gt;An adventurer standing on an active destination collects a gem and draws an objective card (hand limit 5). That letter becomes a gate where it is a road on each sheet, and a wall elsewhere. For each letter collected, one explore card is discarded and its letter becomes a new destination.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Step 2: gems and new destinations&lt;/h3&gt;&lt;p&gt;An adventurer standing on an active destination collects a gem and draws an objective card (hand limit 5). That letter becomes a gate where it is a road on each sheet, and a wall elsewhere. For each letter collected, one explore card is discarded and its letter becomes a new destination.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Stages and the collapse&lt;/h3&gt;&lt;p&gt;When the line of cards runs out, stage 1 ends: score your largest filled rectangle (square bonus), reshuffle the discards, and play stage 2. In stage 2 you may escape from the exit; every escaped player makes the ruin collapse faster (one more card discarded each round).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Stages and the collapse&lt;/h3&gt;&lt;p&gt;When the line of cards runs out, stage 1 ends: score your largest filled rectangle (square bonus), reshuffle the discards, and play stage 2. In stage 2 you may escape from the exit; every escaped player makes the ruin collapse faster (one more card discarded each round).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Scoring&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;Both square bonuses (a traced letter that is not a road breaks a rectangle);&lt;/li&gt;&lt;li&gt;10 VP per gem;&lt;/li&gt;&lt;li&gt;honour: −10 VP per penalty; escaping first 30 VP, second 10 VP (players escaping in the same round score the next rank), not escaping −20 VP (solo: escape 30 VP);&lt;/li&gt;&lt;li&gt;15 VP per objective card whose two letters are joined by roads.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Ties go to the player with more road cells. The solo challenge: reach 300 VP.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Scoring&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;Both square bonuses (a traced letter that is not a road breaks a rectangle);&lt;/li&gt;&lt;li&gt;10 VP per gem;&lt;/li&gt;&lt;li&gt;honour: −10 VP per penalty; escaping first 30 VP, second 10 VP (players escaping in the same round score the next rank), not escaping −20 VP (solo: escape 30 VP);&lt;/li&gt;&lt;li&gt;15 VP per objective card whose two letters are joined by roads.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Ties go to the player with more road cells. The solo challenge: reach 300 VP.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
</context>
<context>
    <name>Saves</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Cannot write %1: %2</translation>
    </message>
    <message>
        <source>This file is not an In the Ruin game record, or it is damaged (%1).</source>
        <translation>This file is not an In the Ruin game record, or it is damaged (%1).</translation>
    </message>
    <message>
        <source>round %1, seat %2</source>
        <translation>round %1, seat %2</translation>
    </message>
    <message>
        <source>This game record breaks rule %1 (%2): %3</source>
        <translation>This game record breaks rule %1 (%2): %3</translation>
    </message>
    <message>
        <source>The file was kept as %1.</source>
        <translation>The file was kept as %1.</translation>
    </message>
</context>
<context>
    <name>ScoreboardDialog</name>
    <message>
        <source>Final scores</source>
        <translation>Final scores</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Shared win: %1&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Shared win: %1&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;%1 wins!&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;%1 wins!&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>Square bonus (stage 1)</source>
        <translation>Square bonus (stage 1)</translation>
    </message>
    <message>
        <source>Square bonus (stage 2)</source>
        <translation>Square bonus (stage 2)</translation>
    </message>
    <message>
        <source>Gem bonus</source>
        <translation>Gem bonus</translation>
    </message>
    <message>
        <source>Honour bonus</source>
        <translation>Honour bonus</translation>
    </message>
    <message>
        <source>Route bonus</source>
        <translation>Route bonus</translation>
    </message>
    <message>
        <source>Total (VP)</source>
        <translation>Total (VP)</translation>
    </message>
    <message>
        <source>Road cells (tie-break)</source>
        <translation>Road cells (tie-break)</translation>
    </message>
</context>
<context>
    <name>SeatsTable</name>
    <message>
        <source>Seat</source>
        <translation>Seat</translation>
    </message>
    <message>
        <source>Gems</source>
        <translation>Gems</translation>
    </message>
    <message>
        <source>Objective cards</source>
        <translation>Objective cards</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>shown</source>
        <translation>shown</translation>
    </message>
    <message>
        <source>click to see the sheet</source>
        <translation>click to see the sheet</translation>
    </message>
    <message>
        <source>escaped</source>
        <translation>escaped</translation>
    </message>
    <message>
        <source>thinking…</source>
        <translation>thinking…</translation>
    </message>
    <message>
        <source>deciding</source>
        <translation>deciding</translation>
    </message>
    <message>
        <source>human</source>
        <translation>human</translation>
    </message>
    <message>
        <source>computer</source>
        <translation>computer</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>SheetScene</name>
    <message>
        <source>Escaping ✓</source>
        <translation>Escaping ✓</translation>
    </message>
    <message>
        <source>Escape</source>
        <translation>Escape</translation>
    </message>
    <message>
        <source>Click or press Enter to draw this setup piece here (R rotate, F mirror).</source>
        <translation>Click or press Enter to draw this setup piece here (R rotate, F mirror).</translation>
    </message>
    <message>
        <source>Click or press Enter to draw this cell.</source>
        <translation>Click or press Enter to draw this cell.</translation>
    </message>
    <message>
        <source>Click or press Enter to draw here (R rotate, F mirror, Space roads/walls).</source>
        <translation>Click or press Enter to draw here (R rotate, F mirror, Space roads/walls).</translation>
    </message>
    <message>
        <source>Not reachable this turn: the adventurer moves along roads and gates.</source>
        <translation>Not reachable this turn: the adventurer moves along roads and gates.</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s): click or press Enter to move here.</source>
        <translation>
            <numerusform>%n step: click or press Enter to move here.</numerusform>
            <numerusform>%n steps: click or press Enter to move here.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SheetView</name>
    <message>
        <source>Map sheet</source>
        <translation>Map sheet</translation>
    </message>
</context>
<context>
    <name>StatsWindow</name>
    <message>
        <source>All human players</source>
        <translation>All human players</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Personal best</source>
        <translation>Personal best</translation>
    </message>
    <message>
        <source>Squares</source>
        <translation>Squares</translation>
    </message>
    <message>
        <source>Gems</source>
        <translation>Gems</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>Routes</translation>
    </message>
    <message>
        <source>Honour</source>
        <translation>Honour</translation>
    </message>
    <message>
        <source>Beginner</source>
        <translation>Beginner</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Expert</source>
        <translation>Expert</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>Random</translation>
    </message>
    <message>
        <source>No finished games yet.</source>
        <translation>No finished games yet.</translation>
    </message>
    <message numerus="yes">
        <source>%n game(s); best %1 VP; mean %2 VP; %3 at or above 300 VP</source>
        <translation>
            <numerusform>%n game; best %1 VP; mean %2 VP; %3 at or above 300 VP</numerusform>
            <numerusform>%n games; best %1 VP; mean %2 VP; %3 at or above 300 VP</numerusform>
        </translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistics</translation>
    </message>
    <message>
        <source>Player:</source>
        <translation>Player:</translation>
    </message>
    <message>
        <source>Totals over time (red: the 300 VP challenge)</source>
        <translation>Totals over time (red: the 300 VP challenge)</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Game</translation>
    </message>
    <message>
        <source>VP</source>
        <translation>VP</translation>
    </message>
    <message>
        <source>Breakdown per game</source>
        <translation>Breakdown per game</translation>
    </message>
    <message>
        <source>Totals</source>
        <translation>Totals</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Games</translation>
    </message>
    <message>
        <source>Wins against computer levels (games in brackets)</source>
        <translation>Wins against computer levels (games in brackets)</translation>
    </message>
    <message>
        <source>Win rate %</source>
        <translation>Win rate %</translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message>
        <source>the cells are not a rotation or reflection of the card</source>
        <translation>the cells are not a rotation or reflection of the card</translation>
    </message>
    <message>
        <source>a cell is off the grid</source>
        <translation>a cell is off the grid</translation>
    </message>
    <message>
        <source>a cell is already filled</source>
        <translation>a cell is already filled</translation>
    </message>
    <message>
        <source>the piece touches no cell filled before this round</source>
        <translation>the piece touches no cell filled before this round</translation>
    </message>
    <message>
        <source>road would make a 2x2 block</source>
        <translation>road would make a 2x2 block</translation>
    </message>
    <message>
        <source>action C&apos;s wall must be on the grid</source>
        <translation>action C&apos;s wall must be on the grid</translation>
    </message>
    <message>
        <source>that cell is already filled</source>
        <translation>that cell is already filled</translation>
    </message>
    <message>
        <source>action C&apos;s wall must touch a cell filled before this round</source>
        <translation>action C&apos;s wall must touch a cell filled before this round</translation>
    </message>
    <message>
        <source>action C draws exactly one wall</source>
        <translation>action C draws exactly one wall</translation>
    </message>
    <message>
        <source>drawing nothing is allowed only when A, B and C are all impossible</source>
        <translation>drawing nothing is allowed only when A, B and C are all impossible</translation>
    </message>
    <message>
        <source>there is no single cell to draw now</source>
        <translation>there is no single cell to draw now</translation>
    </message>
    <message>
        <source>this turn&apos;s draw is already made</source>
        <translation>this turn&apos;s draw is already made</translation>
    </message>
    <message>
        <source>draw first (A, B or C), then move</source>
        <translation>draw first (A, B or C), then move</translation>
    </message>
    <message>
        <source>the +1 cell must be on the grid</source>
        <translation>the +1 cell must be on the grid</translation>
    </message>
    <message>
        <source>the +1 cell must be empty</source>
        <translation>the +1 cell must be empty</translation>
    </message>
    <message>
        <source>the +1 cell must touch a filled cell</source>
        <translation>the +1 cell must touch a filled cell</translation>
    </message>
    <message>
        <source>take the +1 cell special action first</source>
        <translation>take the +1 cell special action first</translation>
    </message>
    <message>
        <source>draw the +1 cell (or undo the special action) first</source>
        <translation>draw the +1 cell (or undo the special action) first</translation>
    </message>
    <message>
        <source>that objective card is not in your hand</source>
        <translation>that objective card is not in your hand</translation>
    </message>
    <message>
        <source>a special action is paid with exactly one objective card</source>
        <translation>a special action is paid with exactly one objective card</translation>
    </message>
    <message>
        <source>one special action per round, paid with one objective card, after the draw</source>
        <translation>one special action per round, paid with one objective card, after the draw</translation>
    </message>
    <message>
        <source>only one special action per round</source>
        <translation>only one special action per round</translation>
    </message>
    <message>
        <source>only one warp step, and only with the warp special action</source>
        <translation>only one warp step, and only with the warp special action</translation>
    </message>
    <message>
        <source>the adventurer moves at most the card&apos;s number of steps</source>
        <translation>the adventurer moves at most the card&apos;s number of steps</translation>
    </message>
    <message>
        <source>the adventurer cannot leave the grid</source>
        <translation>the adventurer cannot leave the grid</translation>
    </message>
    <message>
        <source>the adventurer moves only along roads and gates</source>
        <translation>the adventurer moves only along roads and gates</translation>
    </message>
    <message>
        <source>the adventurer moves one adjacent cell at a time</source>
        <translation>the adventurer moves one adjacent cell at a time</translation>
    </message>
    <message>
        <source>that cell is not reachable with this card&apos;s steps</source>
        <translation>that cell is not reachable with this card&apos;s steps</translation>
    </message>
    <message>
        <source>no escape in stage 1</source>
        <translation>no escape in stage 1</translation>
    </message>
    <message>
        <source>escape only with the adventurer on the exit</source>
        <translation>escape only with the adventurer on the exit</translation>
    </message>
    <message>
        <source>escape only in stage 2 with the adventurer on the exit</source>
        <translation>escape only in stage 2 with the adventurer on the exit</translation>
    </message>
    <message>
        <source>this seat has escaped and takes no more turns</source>
        <translation>this seat has escaped and takes no more turns</translation>
    </message>
    <message>
        <source>every seat still playing takes its step 1</source>
        <translation>every seat still playing takes its step 1</translation>
    </message>
    <message>
        <source>keep exactly two of the four objective cards</source>
        <translation>keep exactly two of the four objective cards</translation>
    </message>
    <message>
        <source>draw every setup card: roads first, then walls</source>
        <translation>draw every setup card: roads first, then walls</translation>
    </message>
    <message>
        <source>choose one of your setup cards not drawn yet</source>
        <translation>choose one of your setup cards not drawn yet</translation>
    </message>
    <message>
        <source>road pieces are drawn first, then wall pieces</source>
        <translation>road pieces are drawn first, then wall pieces</translation>
    </message>
    <message>
        <source>each later setup piece must touch a setup cell drawn before it</source>
        <translation>each later setup piece must touch a setup cell drawn before it</translation>
    </message>
    <message>
        <source>the first road piece must cover the exit</source>
        <translation>the first road piece must cover the exit</translation>
    </message>
    <message>
        <source>every setup piece is drawn</source>
        <translation>every setup piece is drawn</translation>
    </message>
    <message>
        <source>setup is over</source>
        <translation>setup is over</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>roads ○</source>
        <translation>roads ○</translation>
    </message>
    <message>
        <source>walls ■</source>
        <translation>walls ■</translation>
    </message>
    <message>
        <source>%1 collected a gem at %2.</source>
        <translation>%1 collected a gem at %2.</translation>
    </message>
    <message>
        <source>%1 escaped from the ruin.</source>
        <translation>%1 escaped from the ruin.</translation>
    </message>
    <message>
        <source>New destination: %1.</source>
        <translation>New destination: %1.</translation>
    </message>
    <message>
        <source>The ruin collapses: card %1 is discarded.</source>
        <translation>The ruin collapses: card %1 is discarded.</translation>
    </message>
    <message>
        <source>Card %1 is discarded.</source>
        <translation>Card %1 is discarded.</translation>
    </message>
    <message>
        <source>Stage 2 begins: every seat scored its first square bonus.</source>
        <translation>Stage 2 begins: every seat scored its first square bonus.</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>The game is over.</translation>
    </message>
</context>
<context>
    <name>TurnPanel</name>
    <message>
        <source>Setup</source>
        <translation>Setup</translation>
    </message>
    <message>
        <source>Keep two objective cards:</source>
        <translation>Keep two objective cards:</translation>
    </message>
    <message>
        <source>Choose the explore card to draw next:</source>
        <translation>Choose the explore card to draw next:</translation>
    </message>
    <message>
        <source>Your step 1</source>
        <translation>Your step 1</translation>
    </message>
    <message>
        <source>Space: switch between action A (roads) and action B (walls)</source>
        <translation>Space: switch between action A (roads) and action B (walls)</translation>
    </message>
    <message>
        <source>Rotate (R)</source>
        <translation>Rotate (R)</translation>
    </message>
    <message>
        <source>Mirror (F)</source>
        <translation>Mirror (F)</translation>
    </message>
    <message>
        <source>Action C: 1 wall, +1 penalty</source>
        <translation>Action C: 1 wall, +1 penalty</translation>
    </message>
    <message>
        <source>No draw possible (+1 penalty)</source>
        <translation>No draw possible (+1 penalty)</translation>
    </message>
    <message>
        <source>Special: +1 cell…</source>
        <translation>Special: +1 cell…</translation>
    </message>
    <message>
        <source>Special: warp…</source>
        <translation>Special: warp…</translation>
    </message>
    <message>
        <source>Undo (Ctrl+Z)</source>
        <translation>Undo (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Redo</translation>
    </message>
    <message>
        <source>Confirm (Ctrl+Enter)</source>
        <translation>Confirm (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Use it</source>
        <translation>Use it</translation>
    </message>
    <message>
        <source>Make the suggested choices for you (you can still undo them)</source>
        <translation>Make the suggested choices for you (you can still undo them)</translation>
    </message>
    <message>
        <source>Ask the Expert computer player what it would do (purple on your sheet)</source>
        <translation>Ask the Expert computer player what it would do (purple on your sheet)</translation>
    </message>
    <message>
        <source>draw the card as roads ○ where the purple outline is</source>
        <translation>draw the card as roads ○ where the purple outline is</translation>
    </message>
    <message>
        <source>draw the card as walls ■ where the purple outline is</source>
        <translation>draw the card as walls ■ where the purple outline is</translation>
    </message>
    <message>
        <source>take action C: one wall where the purple square is</source>
        <translation>take action C: one wall where the purple square is</translation>
    </message>
    <message>
        <source>draw nothing (no draw is possible)</source>
        <translation>draw nothing (no draw is possible)</translation>
    </message>
    <message>
        <source>pay an objective card for the +1 cell (outlined too)</source>
        <translation>pay an objective card for the +1 cell (outlined too)</translation>
    </message>
    <message>
        <source>pay an objective card for a warp</source>
        <translation>pay an objective card for a warp</translation>
    </message>
    <message numerus="yes">
        <source>move %n step(s) to the ringed cell</source>
        <translation>
            <numerusform>move %n step to the ringed cell</numerusform>
            <numerusform>move %n steps to the ringed cell</numerusform>
        </translation>
    </message>
    <message>
        <source>stay where you are</source>
        <translation>stay where you are</translation>
    </message>
    <message>
        <source>escape</source>
        <translation>escape</translation>
    </message>
    <message>
        <source>Hint: %1.</source>
        <translation>Hint: %1.</translation>
    </message>
    <message>
        <source>, then </source>
        <translation>, then </translation>
    </message>
    <message>
        <source> and </source>
        <translation> and </translation>
    </message>
    <message>
        <source>Hint: keep %1 and draw the outlined pieces.</source>
        <translation>Hint: keep %1 and draw the outlined pieces.</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Thinking…</translation>
    </message>
    <message>
        <source>Hint</source>
        <translation>Hint</translation>
    </message>
    <message>
        <source>Drawing: %1 (Space)</source>
        <translation>Drawing: %1 (Space)</translation>
    </message>
    <message>
        <source>Escaping ✓</source>
        <translation>Escaping ✓</translation>
    </message>
    <message>
        <source>Escape</source>
        <translation>Escape</translation>
    </message>
    <message>
        <source>Start a new game from the Game menu.</source>
        <translation>Start a new game from the Game menu.</translation>
    </message>
    <message>
        <source>The game is over. Click a seat in the Seats tab to see its sheet.</source>
        <translation>The game is over. Click a seat in the Seats tab to see its sheet.</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>The game is over.</translation>
    </message>
    <message>
        <source>Waiting for the next player.</source>
        <translation>Waiting for the next player.</translation>
    </message>
    <message>
        <source>Computer seats are thinking…</source>
        <translation>Computer seats are thinking…</translation>
    </message>
    <message>
        <source>Waiting…</source>
        <translation>Waiting…</translation>
    </message>
    <message>
        <source>Keep two objective cards, then confirm your setup.</source>
        <translation>Keep two objective cards, then confirm your setup.</translation>
    </message>
    <message>
        <source>Draw a card as roads covering the exit (the other card becomes walls).</source>
        <translation>Draw a card as roads covering the exit (the other card becomes walls).</translation>
    </message>
    <message>
        <source>Draw your second road card, touching your roads.</source>
        <translation>Draw your second road card, touching your roads.</translation>
    </message>
    <message>
        <source>Draw a card as walls, touching your setup cells.</source>
        <translation>Draw a card as walls, touching your setup cells.</translation>
    </message>
    <message>
        <source>Draw the active card&apos;s piece as roads (A) or walls (B), or take action C.</source>
        <translation>Draw the active card&apos;s piece as roads (A) or walls (B), or take action C.</translation>
    </message>
    <message>
        <source>Draw the +1 cell: a road or wall next to any filled cell (Space switches).</source>
        <translation>Draw the +1 cell: a road or wall next to any filled cell (Space switches).</translation>
    </message>
    <message>
        <source>Move the adventurer (green cells: steps needed), then confirm. Special actions: one per round.</source>
        <translation>Move the adventurer (green cells: steps needed), then confirm. Special actions: one per round.</translation>
    </message>
</context>
</TS>
