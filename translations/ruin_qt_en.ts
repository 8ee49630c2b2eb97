<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>CardLineWidget</name>
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
</context>
<context>
    <name>GameKeeper</name>
    <message numerus="yes">
        <source>%n choice(s) confirmed before the interruption could not be restored; they are asked for again.</source>
        <translation>
            <numerusform>%n choice confirmed before the interruption could not be restored; it is asked for again.</numerusform>
            <numerusform>%n choices confirmed before the interruption could not be restored; they are asked for again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ObjectiveChoiceDialog</name>
    <message numerus="yes">
        <source>%n cell(s) still to draw: no VP lost now</source>
        <translation>
            <numerusform>%n cell still to draw: no VP lost now</numerusform>
            <numerusform>%n cells still to draw: no VP lost now</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ObjectiveList</name>
    <message numerus="yes">
        <source>Route not complete yet: %n cell(s) to draw at best</source>
        <translation>
            <numerusform>Route not complete yet: %n cell to draw at best</numerusform>
            <numerusform>Route not complete yet: %n cells to draw at best</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PaperSheet</name>
    <message numerus="yes">
        <source>%n gem(s) × %1</source>
        <translation>
            <numerusform>%n gem × %1</numerusform>
            <numerusform>%n gems × %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n penalty(s) %1</source>
        <translation>
            <numerusform>%n penalty %1</numerusform>
            <numerusform>%n penalties %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReadKeys</name>
    <message numerus="yes">
        <source>gems: %1 VP (%n gem(s))</source>
        <translation>
            <numerusform>gems: %1 VP (%n gem)</numerusform>
            <numerusform>gems: %1 VP (%n gems)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>honour: %1 VP (%n penalty(ies), escape %2 VP)</source>
        <translation>
            <numerusform>honour: %1 VP (%n penalty, escape %2 VP)</numerusform>
            <numerusform>honour: %1 VP (%n penalties, escape %2 VP)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>not complete: %n cell(s) to draw at best</source>
        <translation>
            <numerusform>not complete: %n cell to draw at best</numerusform>
            <numerusform>not complete: %n cells to draw at best</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n gem(s)</source>
        <translation>
            <numerusform>%n gem</numerusform>
            <numerusform>%n gems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n objective card(s)</source>
        <translation>
            <numerusform>%n objective card</numerusform>
            <numerusform>%n objective cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n other(s)</source>
        <translation>
            <numerusform>and %n other</numerusform>
            <numerusform>and %n others</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n step(s)</source>
        <translation>
            <numerusform>%1, %n step</numerusform>
            <numerusform>%1, %n steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your adventurer can go to %n cell(s): %1.</source>
        <translation>
            <numerusform>Your adventurer can go to %n cell: %1.</numerusform>
            <numerusform>Your adventurer can go to %n cells: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %1 cell fits at %n place(s): %2.</source>
        <translation>
            <numerusform>The %1 cell fits at %n place: %2.</numerusform>
            <numerusform>The %1 cell fits at %n places: %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>As %1, turned as now, the piece fits at %n place(s)</source>
        <translation>
            <numerusform>As %1, turned as now, the piece fits at %n place</numerusform>
            <numerusform>As %1, turned as now, the piece fits at %n places</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>. Turned or mirrored: %n place(s) more.</source>
        <translation>
            <numerusform>. Turned or mirrored: %n place more.</numerusform>
            <numerusform>. Turned or mirrored: %n places more.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReplayWindow</name>
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
    <message numerus="yes">
        <source>Moved %n step(s).</source>
        <translation>
            <numerusform>Moved %n step.</numerusform>
            <numerusform>Moved %n steps.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SheetScene</name>
    <message numerus="yes">
        <source>%n step(s): click or press Enter to move here.</source>
        <translation>
            <numerusform>%n step: click or press Enter to move here.</numerusform>
            <numerusform>%n steps: click or press Enter to move here.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StatsWindow</name>
    <message numerus="yes">
        <source>%n game(s); best %1 VP; mean %2 VP; %3 at or above 300 VP</source>
        <translation>
            <numerusform>%n game; best %1 VP; mean %2 VP; %3 at or above 300 VP</numerusform>
            <numerusform>%n games; best %1 VP; mean %2 VP; %3 at or above 300 VP</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TurnPanel</name>
    <message numerus="yes">
        <source>move %n step(s) to the ringed cell</source>
        <translation>
            <numerusform>move %n step to the ringed cell</numerusform>
            <numerusform>move %n steps to the ringed cell</numerusform>
        </translation>
    </message>
</context>
</TS>
