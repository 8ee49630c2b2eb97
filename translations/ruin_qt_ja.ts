<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja" sourcelanguage="en">
<context>
    <name>AbandonGuard</name>
    <message>
        <source>Unfinished game</source>
        <translation>終わっていないゲーム</translation>
    </message>
    <message>
        <source>The game in progress is not finished. Save it before you leave it?</source>
        <translation>進行中のゲームはまだ終わっていません。離れる前に保存しますか？</translation>
    </message>
</context>
<context>
    <name>AnnouncementLog</name>
    <message>
        <source>Setup</source>
        <translation>準備</translation>
    </message>
    <message>
        <source>Round %1</source>
        <translation>ラウンド%1</translation>
    </message>
    <message>
        <source>Nothing to announce.</source>
        <translation>宣言はありません。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>In the Ruin</source>
        <translation>インザルーイン</translation>
    </message>
</context>
<context>
    <name>BoardWords</name>
    <message>
        <source>drawn in this decision</source>
        <translation>この選択で記入</translation>
    </message>
    <message>
        <source>walked over</source>
        <translation>通過したマス</translation>
    </message>
    <message>
        <source>the adventurer ends here</source>
        <translation>コマの移動先</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Drawn in this decision: %1. Arrow keys move from cell to cell.</source>
        <translation>この選択で記入したマス：%1。矢印キーでマスを移動します。</translation>
    </message>
</context>
<context>
    <name>Boxes</name>
    <message>
        <source>%1 already exists.
Do you want to replace it?</source>
        <translation>%1 はすでにあります。
置き換えますか？</translation>
    </message>
</context>
<context>
    <name>CardBrowser</name>
    <message>
        <source>Explore cards</source>
        <translation>探索カード</translation>
    </message>
    <message>
        <source>Line (%1)</source>
        <translation>場の列（%1）</translation>
    </message>
    <message>
        <source>Discard pile (%1)</source>
        <translation>捨て札（%1）</translation>
    </message>
    <message>
        <source>Still in the deck (%1)</source>
        <translation>山札に残り（%1）</translation>
    </message>
    <message>
        <source>During the setup only the deck&apos;s size is public: which letters it holds would tell the other seats&apos; setup cards.</source>
        <translation>準備の間は山札の枚数だけが公開情報です（どの文字が残っているかで、他のプレイヤーの準備カードが分かってしまうため）。</translation>
    </message>
    <message>
        <source>The deck&apos;s order is hidden: its cards are listed alphabetically.</source>
        <translation>山札の順番は非公開です。カードはアルファベット順に並んでいます。</translation>
    </message>
    <message>
        <source>%1 · %2 steps</source>
        <translation>%1 · %2マス</translation>
    </message>
</context>
<context>
    <name>CardFace</name>
    <message>
        <source>Drag the active card onto your sheet to place its piece</source>
        <translation>参照カードをシートへドラッグすると、そのピースを置けます</translation>
    </message>
    <message>
        <source>No card</source>
        <translation>カードなし</translation>
    </message>
    <message>
        <source>Active card: %1</source>
        <translation>参照カード：%1</translation>
    </message>
</context>
<context>
    <name>CardLineWidget</name>
    <message>
        <source>&lt;b&gt;Line&lt;/b&gt; (the active card is highlighted, far from the deck)</source>
        <translation>&lt;b&gt;場の列&lt;/b&gt;（山札から最も離れた強調表示のカードを参照）</translation>
    </message>
    <message>
        <source>&amp;Cards…</source>
        <translation>カード一覧(&amp;C)…</translation>
    </message>
    <message>
        <source>Step through the line, the discard pile and the cards still in the deck</source>
        <translation>場の列・捨て札・山札に残っているカードを確認します</translation>
    </message>
    <message numerus="yes">
        <source>Deck
%n card(s)</source>
        <translation>
            <numerusform>山札
%n枚</numerusform>
        </translation>
    </message>
    <message>
        <source>The game is over: no card is active.</source>
        <translation>ゲーム終了：参照カードはありません。</translation>
    </message>
    <message>
        <source>Active card: %1, move up to %2 steps</source>
        <translation>参照カード：%1（%2マスまで移動可能）</translation>
    </message>
    <message>
        <source>No active card</source>
        <translation>参照カードなし</translation>
    </message>
</context>
<context>
    <name>Controls</name>
    <message>
        <source>Arrow keys</source>
        <translation>矢印キー</translation>
    </message>
    <message>
        <source>move the piece or the cursor one cell</source>
        <translation>ピースまたはカーソルを1マス動かす</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>draw the piece here, or move the adventurer here</source>
        <translation>ここにピースを記入する、またはコマをここへ移動する</translation>
    </message>
    <message>
        <source>R / Shift+R</source>
        <translation>R / Shift+R</translation>
    </message>
    <message>
        <source>rotate the piece (mouse wheel too)</source>
        <translation>ピースを回転する（マウスホイールでも）</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>mirror the piece (right click too)</source>
        <translation>ピースを反転する（右クリックでも）</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>Space</translation>
    </message>
    <message>
        <source>switch between roads ○ (action A) and walls ■ (action B)</source>
        <translation>通路 ○（行動A）と壁 ■（行動B）を切り替える</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>say where you are: the cell, your adventurer, gems, penalties, round, stage and what to do</source>
        <translation>現在地を読み上げる：マス、コマ、宝石、ペナルティ、ラウンド、ステージ、次にすること</translation>
    </message>
    <message>
        <source>1 / 2</source>
        <translation>1 / 2</translation>
    </message>
    <message>
        <source>read the row / the column you are on, cell by cell</source>
        <translation>いる行／列をマスごとに読み上げる</translation>
    </message>
    <message>
        <source>3</source>
        <translation>3</translation>
    </message>
    <message>
        <source>read the card line and the deck</source>
        <translation>場の列と山札を読み上げる</translation>
    </message>
    <message>
        <source>4</source>
        <translation>4</translation>
    </message>
    <message>
        <source>read the piece in hand: its shape, its cells and whether it fits</source>
        <translation>手元のピースを読み上げる：形、マス、記入できるか</translation>
    </message>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>read your score: each part and the total</source>
        <translation>自分の得点を読み上げる：各項目と合計</translation>
    </message>
    <message>
        <source>O</source>
        <translation>O</translation>
    </message>
    <message>
        <source>read your objective cards: their letters and whether each route is complete</source>
        <translation>自分の目標カードを読み上げる：文字と、ルートを達成しているか</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>read the seats: gems, objective cards, who is still deciding</source>
        <translation>各プレイヤーを読み上げる：宝石、目標カード、まだ選択中の人</translation>
    </message>
    <message>
        <source>M</source>
        <translation>M</translation>
    </message>
    <message>
        <source>list where the piece in hand fits, or where your adventurer can go</source>
        <translation>手元のピースを記入できる場所、またはコマが行ける場所を挙げる</translation>
    </message>
    <message>
        <source>Period (.)</source>
        <translation>ピリオド（.）</translation>
    </message>
    <message>
        <source>Comma (,)</source>
        <translation>カンマ（,）</translation>
    </message>
    <message>
        <source>say the last announcement again</source>
        <translation>最後の宣言をもう一度読み上げる</translation>
    </message>
    <message>
        <source>step back through the announcements, one older at each press</source>
        <translation>宣言をさかのぼる（押すたびに一つ前へ）</translation>
    </message>
    <message>
        <source>J, row, Space, column, Enter</source>
        <translation>J、行、Space、列、Enter</translation>
    </message>
    <message>
        <source>jump to a cell by its coordinates (J 4 Space 7 Enter: row 4, column 7)</source>
        <translation>座標でマスへ移動する（J 4 Space 7 Enter：4行7列）</translation>
    </message>
    <message>
        <source>D / Shift+D</source>
        <translation>D / Shift+D</translation>
    </message>
    <message>
        <source>go to the next / the previous destination letter</source>
        <translation>次の／前の目的地の文字へ移動する</translation>
    </message>
    <message>
        <source>G / Shift+G</source>
        <translation>G / Shift+G</translation>
    </message>
    <message>
        <source>go to the next / the previous gate</source>
        <translation>次の／前のゲートへ移動する</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>go to your adventurer</source>
        <translation>自分のコマへ移動する</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>go to the exit</source>
        <translation>出入口へ移動する</translation>
    </message>
    <message>
        <source>Tab / Shift+Tab</source>
        <translation>Tab / Shift+Tab</translation>
    </message>
    <message>
        <source>leave the sheet for the controls beside it, and come back</source>
        <translation>シートから横の操作ボタンへ移り、また戻る</translation>
    </message>
</context>
<context>
    <name>ControlsDialog</name>
    <message>
        <source>On the sheet</source>
        <translation>シート上</translation>
    </message>
    <message>
        <source>Mouse</source>
        <translation>マウス</translation>
    </message>
    <message>
        <source>point to place the piece, click to draw or to move there; or press, slide the piece and release to draw it (Esc, or a release off the sheet, draws nothing); drag the active card from the line onto the sheet</source>
        <translation>指した位置にピースを合わせ、クリックで記入または移動します。ボタンを押したままピースを動かし、離して記入することもできます（Esc かシートの外で離すと記入しません）。場の列の参照カードをシートへドラッグすることもできます</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>操作方法</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>Crash</name>
    <message>
        <source>In the Ruin stopped unexpectedly last time. A report is in %1</source>
        <translation>前回、インザルーインが予期せず終了しました。報告は %1 にあります</translation>
    </message>
</context>
<context>
    <name>DailyIntroDialog</name>
    <message>
        <source>Daily Challenge</source>
        <translation>デイリーチャレンジ</translation>
    </message>
    <message>
        <source>Daily Challenge — %1</source>
        <translation>デイリーチャレンジ — %1</translation>
    </message>
    <message>
        <source>A solo game on today&apos;s deal: every player gets the same cards today. The goal is %1 VP. Your best result today is kept under your name.</source>
        <translation>今日の配りで遊ぶ一人用ゲームです。今日は全員が同じカードで遊びます。目標は %1 VP。今日の最高得点があなたの名前で記録されます。</translation>
    </message>
    <message>
        <source>Your best today: %1 VP.</source>
        <translation>今日の最高得点：%1 VP。</translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation>名前(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>開始(&amp;S)</translation>
    </message>
    <message>
        <source>Type the name your results are kept under.</source>
        <translation>結果を記録する名前を入力してください。</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
</context>
<context>
    <name>EarlierNamesDialog</name>
    <message>
        <source>The earlier games could not be given to you now. %1 You will be asked again at the next start.</source>
        <translation>これまでの対局を今はあなたの記録にできませんでした。%1 次回の起動時にもう一度お尋ねします。</translation>
    </message>
    <message>
        <source>Your Earlier Games</source>
        <translation>これまでの対局</translation>
    </message>
    <message>
        <source>Games already in the history were played under these names. Check the ones that were you, %1: their games then count in your statistics and personal bests.</source>
        <translation>これまでの対局はこれらの名前で記録されています。%1 さん、ご自分だった名前にチェックを入れてください。その対局があなたの戦績と自己ベストに数えられます。</translation>
    </message>
    <message>
        <source>These are you:</source>
        <translation>これはあなたです：</translation>
    </message>
    <message>
        <source>%1 (games: %2)</source>
        <translation>%1（%2局）</translation>
    </message>
    <message>
        <source>This is asked once. Names left unchecked stay other players.</source>
        <translation>この質問は一度だけです。チェックしなかった名前は別のプレイヤーのままです。</translation>
    </message>
    <message>
        <source>&amp;These Are Me</source>
        <translation>これは自分(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Keep Apart</source>
        <translation>別の人(&amp;K)</translation>
    </message>
</context>
<context>
    <name>FinalSheetDialog</name>
    <message>
        <source>Final score sheet</source>
        <translation>最終得点シート</translation>
    </message>
    <message>
        <source>Review the game…</source>
        <translation>ゲームを振り返る…</translation>
    </message>
    <message>
        <source>Play this deal again</source>
        <translation>同じ配りでもう一度遊ぶ</translation>
    </message>
    <message>
        <source>Not at a table across laptops: for another game the host opens a new table.</source>
        <translation>ネットワーク対戦では使えません。次のゲームはホストが新しいテーブルを開きます。</translation>
    </message>
    <message>
        <source>A new game with the same seats and the same cards (seed %1)</source>
        <translation>同じ席と同じカードで新しいゲームを始めます（シード %1）</translation>
    </message>
    <message>
        <source>Save the game…</source>
        <translation>ゲームを保存…</translation>
    </message>
    <message>
        <source>Keep this game&apos;s record as a file, to replay or review it later</source>
        <translation>このゲームの記録をファイルに残し、あとで再生したり振り返ったりできます</translation>
    </message>
    <message>
        <source>The Expert judges each decision: where the points went, and what it would have done instead</source>
        <translation>エキスパートが一手ごとに評価します：どこで得点を失ったか、代わりにどうしたか</translation>
    </message>
    <message>
        <source>&lt;h2&gt;%1: %2 VP&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;%1：%2 VP&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Shared win: %1&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;同点優勝：%1&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;%1 wins!&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;%1の勝利！&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>R11.5: the highest total wins; a tie goes to the seat with more road and gate cells; a further tie is a shared win.</source>
        <translation>R11.5：合計VPが最も高いプレイヤーの勝ち。同点なら通路とゲートのマスが多いプレイヤーの勝ち。それも同じなら同点優勝。</translation>
    </message>
    <message>
        <source>The deal was verified: every shuffle follows from the secret the host committed to at the start.</source>
        <translation>配札を検証しました：すべてのシャッフルは、ホストが開始時に約束した秘密の鍵に従っています。</translation>
    </message>
    <message>
        <source>the host revealed no secret deal to check.</source>
        <translation>ホストは検証できる秘密の配札を明かしませんでした。</translation>
    </message>
    <message>
        <source>the key the host revealed is malformed.</source>
        <translation>ホストが明かした鍵の形式が正しくありません。</translation>
    </message>
    <message>
        <source>the key the host revealed is not the one it committed to at the start.</source>
        <translation>ホストが明かした鍵は、開始時に約束した鍵ではありません。</translation>
    </message>
    <message>
        <source>shuffle %1 of the game does not follow from the key the host revealed.</source>
        <translation>このゲームの %1 回目のシャッフルは、ホストが明かした鍵に従っていません。</translation>
    </message>
    <message>
        <source>the host&apos;s record is not the game played.</source>
        <translation>ホストの記録は実際に遊んだゲームと一致しません。</translation>
    </message>
    <message>
        <source>The host&apos;s deal could not be verified: %1</source>
        <translation>ホストの配札を検証できませんでした：%1</translation>
    </message>
    <message>
        <source>%1 has the highest total: %2 VP.</source>
        <translation>%1が最高得点：%2 VP。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 are tied on %2 VP; the tie goes to the most road and gate cells (%3).</source>
        <translation>%1が%2 VPで同点。通路とゲートのマスが多いプレイヤーの勝ち（%3）。</translation>
    </message>
    <message>
        <source>Still tied: a shared win.</source>
        <translation>それも同じため同点優勝。</translation>
    </message>
    <message>
        <source>The 300 VP challenge: reached!</source>
        <translation>300 VPチャレンジ：達成！</translation>
    </message>
    <message>
        <source>The 300 VP challenge: %1 VP to go.</source>
        <translation>300 VPチャレンジ：あと%1 VP。</translation>
    </message>
    <message>
        <source>Your best solo game: %1 VP.</source>
        <translation>一人用の自己ベスト：%1 VP。</translation>
    </message>
    <message>
        <source>Your first solo game: %1 VP is the personal best to beat.</source>
        <translation>はじめての一人用ゲーム：次はこの%1 VPを超えよう。</translation>
    </message>
    <message>
        <source>New personal best! Your best before was %1 VP.</source>
        <translation>自己ベスト更新！これまでのベストは%1 VP。</translation>
    </message>
    <message>
        <source>You equalled your personal best of %1 VP.</source>
        <translation>自己ベスト（%1 VP）に並びました。</translation>
    </message>
    <message>
        <source>Your personal best: %1 VP.</source>
        <translation>自己ベスト：%1 VP。</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1と%2</translation>
    </message>
</context>
<context>
    <name>GameKeeper</name>
    <message>
        <source>Not autosaved: %1</source>
        <translation>自動保存されていません：%1</translation>
    </message>
    <message>
        <source>The game cannot be autosaved. %1 Play goes on, and the autosave starts again by itself once writing works.</source>
        <translation>ゲームを自動保存できません。%1 ゲームはこのまま続けられます。書き込めるようになれば自動保存も自動的に再開します。</translation>
    </message>
    <message>
        <source>Not autosaved: another window of In the Ruin is open.</source>
        <translation>自動保存されていません：インザルーインの別のウィンドウが開いています。</translation>
    </message>
    <message>
        <source>In the Ruin is already running (process %1). This window does not autosave and does not offer that window&apos;s game; use Game ▸ Save Game As… to keep a game played here.</source>
        <translation>インザルーインはすでに起動しています（プロセス %1）。このウィンドウでは自動保存を行わず、そちらのウィンドウのゲームも再開しません。ここで遊ぶゲームを残すには「ゲーム ▸ 名前を付けて保存…」を使ってください。</translation>
    </message>
    <message>
        <source>An old lock left by an earlier run was removed.</source>
        <translation>以前の起動が残した古いロックを取り除きました。</translation>
    </message>
    <message>
        <source>The autosave cannot be read. %1</source>
        <translation>自動保存を読み込めません。%1</translation>
    </message>
    <message numerus="yes">
        <source>%n choice(s) confirmed before the interruption could not be restored; they are asked for again.</source>
        <translation>
            <numerusform>中断前に確定した選択のうち %n 件を復元できなかったため、もう一度選んでもらいます。</numerusform>
        </translation>
    </message>
    <message>
        <source>The interrupted game could not be moved aside. %1 It stays in the autosave until a new game replaces it.</source>
        <translation>中断したゲームを別の場所に移せませんでした。%1 新しいゲームで置き換えられるまで自動保存に残ります。</translation>
    </message>
    <message>
        <source>The game history could not be read (%1).</source>
        <translation>ゲーム履歴を読み込めませんでした（%1）。</translation>
    </message>
    <message>
        <source>It was kept as %1 and a new history was started.</source>
        <translation>元のファイルを %1 として残し、新しい履歴を開始しました。</translation>
    </message>
    <message>
        <source>The game history cannot be written now. %1 Statistics show what could be read; nothing was changed.</source>
        <translation>今はゲーム履歴に書き込めません。%1 戦績には読み込めた分だけを表示します。履歴は何も変更していません。</translation>
    </message>
    <message>
        <source>It is kept and will be added at the next start.</source>
        <translation>このゲームは保管してあり、次回の起動時に追加します。</translation>
    </message>
    <message>
        <source>Use Game ▸ Save Game As… to keep it.</source>
        <translation>残すには「ゲーム ▸ 名前を付けて保存…」を使ってください。</translation>
    </message>
    <message>
        <source>The finished game could not be added to the history. %1 %2</source>
        <translation>終了したゲームを履歴に追加できませんでした。%1 %2</translation>
    </message>
    <message>
        <source>This game could not be stored. %1 Save it elsewhere (another disk) to keep it; it goes into the history once the data folder can be written.</source>
        <translation>このゲームを保管できませんでした。%1 残すには別の場所（別のディスク）に保存してください。データフォルダーに書き込めるようになれば履歴に追加します。</translation>
    </message>
    <message>
        <source>This game is not in the history yet. %1 It is kept and added once the history can be written; you may also save it elsewhere.</source>
        <translation>このゲームはまだ履歴に入っていません。%1 保管してあり、履歴に書き込めるようになれば追加します。別の場所に保存することもできます。</translation>
    </message>
    <message>
        <source>The game could not be saved as %1. %2</source>
        <translation>ゲームを %1 として保存できませんでした。%2</translation>
    </message>
</context>
<context>
    <name>GameModel</name>
    <message>
        <source>Draw setup piece</source>
        <translation>準備のピースを記入</translation>
    </message>
    <message>
        <source>Action A: roads</source>
        <translation>行動A：○の記入</translation>
    </message>
    <message>
        <source>Action B: walls</source>
        <translation>行動B：■の記入</translation>
    </message>
    <message>
        <source>Action C: one wall</source>
        <translation>行動C：1マスのみ■の記入</translation>
    </message>
    <message>
        <source>No draw possible</source>
        <translation>記入できない</translation>
    </message>
    <message>
        <source>Special action: +1 cell</source>
        <translation>特別アクション：＋1マス記入</translation>
    </message>
    <message>
        <source>Special action: warp</source>
        <translation>特別アクション：ワープ移動</translation>
    </message>
    <message>
        <source>Draw the +1 cell</source>
        <translation>＋1マスを記入</translation>
    </message>
    <message>
        <source>Move the adventurer</source>
        <translation>コマの移動</translation>
    </message>
    <message>
        <source>Escape</source>
        <translation>脱出</translation>
    </message>
    <message>
        <source>Stay</source>
        <translation>脱出しない</translation>
    </message>
    <message>
        <source>Keep objective card</source>
        <translation>目標カードを残す</translation>
    </message>
    <message>
        <source>Start over</source>
        <translation>最初から描き直す</translation>
    </message>
    <message>
        <source>Take the suggestion</source>
        <translation>ヒントどおりにする</translation>
    </message>
    <message>
        <source>Earlier step</source>
        <translation>以前の操作</translation>
    </message>
</context>
<context>
    <name>HandoffCover</name>
    <message>
        <source>Pass to %1 — click when ready</source>
        <translation>%1さんに交代 — 準備ができたらクリック</translation>
    </message>
    <message>
        <source>I am %1: show my sheet</source>
        <translation>%1です：シートを表示</translation>
    </message>
</context>
<context>
    <name>HostTableDialog</name>
    <message>
        <source>Host a table</source>
        <translation>テーブルを開く</translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation>あなたの名前(&amp;N)：</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Seat %1:</source>
        <translation>席%1：</translation>
    </message>
    <message>
        <source>(no seat)</source>
        <translation>（席なし）</translation>
    </message>
    <message>
        <source>Me, at this screen</source>
        <translation>自分（この画面）</translation>
    </message>
    <message>
        <source>A player on another computer</source>
        <translation>別のコンピュータのプレイヤー</translation>
    </message>
    <message>
        <source>Computer (%1)</source>
        <translation>コンピュータ（%1）</translation>
    </message>
    <message>
        <source>played by: Computer (%1)</source>
        <translation>代わりに打つ：コンピュータ（%1）</translation>
    </message>
    <message>
        <source>A computer plays for a player away longer than (seconds, 0: wait):</source>
        <translation>席を離れたプレイヤーの代わりにコンピュータが打つまでの秒数（0：待ち続ける）：</translation>
    </message>
    <message>
        <source>Join code</source>
        <translation>参加コード</translation>
    </message>
    <message>
        <source>Seats at the table</source>
        <translation>テーブルの席</translation>
    </message>
    <message>
        <source>&amp;Open the table</source>
        <translation>テーブルを開く(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Resume the interrupted table</source>
        <translation>中断したテーブルを再開(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Invite friends anywhere</source>
        <translation>どこからでも友だちを招待(&amp;I)</translation>
    </message>
    <message>
        <source>A code for each open seat, to send to a friend at another home: they type it in Join a Table…</source>
        <translation>空いている席ごとのコードです。離れた場所の友だちに送ると、「テーブルに参加…」で入力して参加できます</translation>
    </message>
    <message>
        <source>Invite &amp;servers…</source>
        <translation>招待サーバー(&amp;S)…</translation>
    </message>
    <message>
        <source>Each code seats one friend, from anywhere, and works once.
The game between you is encrypted end to end.</source>
        <translation>コード1つで友だち1人が、どこからでも一度だけ参加できます。
ゲームの通信は、端から端まで暗号化されます。</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy the invite code of seat %1</source>
        <translation>席%1の招待コードをコピー</translation>
    </message>
    <message>
        <source>Only one seat can be played at this screen.</source>
        <translation>この画面で遊べる席は1つだけです。</translation>
    </message>
    <message>
        <source>Choose at least one seat for a player on another computer.</source>
        <translation>別のコンピュータのプレイヤーの席を1つ以上選んでください。</translation>
    </message>
    <message>
        <source>Player %1</source>
        <translation>プレイヤー%1</translation>
    </message>
    <message>
        <source>Computer %1</source>
        <translation>コンピュータ%1</translation>
    </message>
    <message>
        <source>This computer cannot open a table now (no free network port).</source>
        <translation>今はこのコンピュータでテーブルを開けません（空いているネットワークポートがありません）。</translation>
    </message>
    <message>
        <source>Port %1, where this table listened before, is taken now: it listens on port %2 instead. Players returning to it type the new address in Join a Table… (no code needed).</source>
        <translation>このテーブルが前に使っていたポート %1 は、今はほかで使われています。代わりにポート %2 で待ち受けます。戻ってくるプレイヤーは「テーブルに参加…」で新しいアドレスを入力してください（参加コードは不要です）。</translation>
    </message>
    <message>
        <source>Invite code of seat %1</source>
        <translation>席%1の招待コード</translation>
    </message>
    <message>
        <source>waiting for your friend</source>
        <translation>友だちを待っています</translation>
    </message>
    <message>
        <source>connected directly</source>
        <translation>直接つながっています</translation>
    </message>
    <message>
        <source>connected through a relay</source>
        <translation>中継サーバー経由でつながっています</translation>
    </message>
    <message>
        <source>reconnecting…</source>
        <translation>再接続しています…</translation>
    </message>
    <message>
        <source>Choose the seats, then open the table.</source>
        <translation>席を選んでから、テーブルを開いてください。</translation>
    </message>
    <message>
        <source>The table is closed.</source>
        <translation>テーブルは閉じられました。</translation>
    </message>
    <message>
        <source>Join code: %1</source>
        <translation>参加コード：%1</translation>
    </message>
    <message>
        <source>Address: %1</source>
        <translation>アドレス：%1</translation>
    </message>
    <message>
        <source>waiting for a player</source>
        <translation>プレイヤー待ち</translation>
    </message>
    <message>
        <source>joined</source>
        <translation>参加済み</translation>
    </message>
    <message>
        <source>away</source>
        <translation>離席中</translation>
    </message>
    <message>
        <source>computer</source>
        <translation>コンピュータ</translation>
    </message>
    <message>
        <source>at this screen</source>
        <translation>この画面</translation>
    </message>
    <message>
        <source>away, a computer plays for now</source>
        <translation>離席中（今はコンピュータが代わりに打っています）</translation>
    </message>
    <message>
        <source>away since %1</source>
        <translation>%1 から離席中</translation>
    </message>
    <message>
        <source>away since %1, a computer plays for now</source>
        <translation>%1 から離席中（今はコンピュータが代わりに打っています）</translation>
    </message>
    <message>
        <source>Seat %1: %2 — %3</source>
        <translation>席%1：%2 — %3</translation>
    </message>
</context>
<context>
    <name>InviteServersDialog</name>
    <message>
        <source>Invite servers</source>
        <translation>招待サーバー</translation>
    </message>
    <message>
        <source>Invites find your friend through a mailbox server and, when your computers cannot reach each other directly, pass the game through a transit relay. Neither can read the game: it is encrypted end to end. Leave a field empty for the public server.</source>
        <translation>招待は、メールボックスサーバーを通じて友だちを見つけ、コンピューター同士が直接つながらないときは中継サーバーを通してゲームを送ります。どちらのサーバーもゲームの中身は読めません（エンドツーエンドで暗号化されます）。空欄にすると公開サーバーを使います。</translation>
    </message>
    <message>
        <source>&amp;Mailbox server:</source>
        <translation>メールボックスサーバー(&amp;M)：</translation>
    </message>
    <message>
        <source>Transit &amp;relay:</source>
        <translation>中継サーバー(&amp;R)：</translation>
    </message>
    <message>
        <source>Use the &amp;public ones</source>
        <translation>公開サーバーを使う(&amp;P)</translation>
    </message>
    <message>
        <source>A mailbox server&apos;s address begins with ws:// or wss://.</source>
        <translation>メールボックスサーバーのアドレスは ws:// または wss:// で始まります。</translation>
    </message>
    <message>
        <source>A transit relay&apos;s address is tcp:HOST:PORT.</source>
        <translation>中継サーバーのアドレスは tcp:ホスト:ポート の形です。</translation>
    </message>
</context>
<context>
    <name>Invites</name>
    <message>
        <source>This invite does not open: check it with your friend. An invite works once.</source>
        <translation>この招待コードでは接続できません。友だちに確認してください。招待コードは一度だけ使えます。</translation>
    </message>
    <message>
        <source>An invite is a number and words, such as 7-guitarist-revenge.</source>
        <translation>招待コードは数字と単語の組み合わせです（例：7-guitarist-revenge）。</translation>
    </message>
    <message>
        <source>Nobody is waiting with this invite: ask your friend for a new one.</source>
        <translation>この招待コードで待っている人がいません。友だちに新しいコードをもらってください。</translation>
    </message>
    <message>
        <source>The invite server cannot be reached: check the internet connection, or the invite servers.</source>
        <translation>招待サーバーに接続できません。インターネット接続か、招待サーバーの設定を確認してください。</translation>
    </message>
    <message>
        <source>This invite is not for a table of In the Ruin.</source>
        <translation>この招待コードはインザルーインのテーブルのものではありません。</translation>
    </message>
    <message>
        <source>The invite was closed by the other side.</source>
        <translation>相手が招待を閉じました。</translation>
    </message>
    <message>
        <source>The invite failed: %1</source>
        <translation>招待に失敗しました：%1</translation>
    </message>
</context>
<context>
    <name>JoinBox</name>
    <message>
        <source>Join code: %1</source>
        <translation>参加コード：%1</translation>
    </message>
    <message>
        <source>Address: %1</source>
        <translation>アドレス：%1</translation>
    </message>
    <message>
        <source>Players on other computers join with Game ▸ Join a Table… and:</source>
        <translation>別のパソコンで遊ぶプレイヤーは「ゲーム ▸ テーブルに参加…」で次を入力します：</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy the join code and the address, to send them to the players</source>
        <translation>参加コードとアドレスをコピーして、プレイヤーに送ります</translation>
    </message>
</context>
<context>
    <name>JoinTableDialog</name>
    <message>
        <source>Join a table</source>
        <translation>テーブルに参加</translation>
    </message>
    <message>
        <source>Tables on this network:</source>
        <translation>このネットワークのテーブル：</translation>
    </message>
    <message>
        <source>Tables on this network</source>
        <translation>このネットワークのテーブル</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>アドレス(&amp;A)：</translation>
    </message>
    <message>
        <source>Join &amp;code or invite:</source>
        <translation>参加コードまたは招待コード(&amp;C)：</translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation>あなたの名前(&amp;N)：</translation>
    </message>
    <message>
        <source>K7PX3Q, or an invite such as 7-guitarist-revenge</source>
        <translation>K7PX3Q、または 7-guitarist-revenge のような招待コード</translation>
    </message>
    <message>
        <source>192.168.1.20:47214</source>
        <translation>192.168.1.20:47214</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>&amp;Join</source>
        <translation>参加(&amp;J)</translation>
    </message>
    <message>
        <source>Invite &amp;servers…</source>
        <translation>招待サーバー(&amp;S)…</translation>
    </message>
    <message>
        <source>Tables you are playing at:</source>
        <translation>プレイ中のテーブル：</translation>
    </message>
    <message>
        <source>&amp;Forget this table</source>
        <translation>このテーブルを忘れる(&amp;F)</translation>
    </message>
    <message>
        <source>Returning to the table you were invited to…</source>
        <translation>招待されたテーブルに戻っています…</translation>
    </message>
    <message>
        <source>Returning to the table at %1…</source>
        <translation>%1 のテーブルに戻っています…</translation>
    </message>
    <message>
        <source>The table you were invited to is forgotten.</source>
        <translation>招待されたテーブルを忘れました。</translation>
    </message>
    <message>
        <source>The table at %1 is forgotten.</source>
        <translation>%1 のテーブルを忘れました。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Opening the invite…</source>
        <translation>招待を開いています…</translation>
    </message>
    <message>
        <source>Type the address the host shows, such as 192.168.1.20:47214.</source>
        <translation>ホストの画面に出ているアドレスを入力してください（例：192.168.1.20:47214）。</translation>
    </message>
    <message>
        <source>Type the join code the host shows.</source>
        <translation>ホストの画面に出ている参加コードを入力してください。</translation>
    </message>
    <message>
        <source>Joining…</source>
        <translation>参加しています…</translation>
    </message>
    <message>
        <source>The table you were invited to did not take you back: %1</source>
        <translation>招待されたテーブルに戻れませんでした：%1</translation>
    </message>
    <message>
        <source>You have a seat there: use “%1” above.</source>
        <translation>このテーブルにはあなたの席があります。上の「%1」を使ってください。</translation>
    </message>
</context>
<context>
    <name>JoinedTables</name>
    <message>
        <source>The tables you joined cannot be read. %1</source>
        <translation>参加したテーブルの一覧を読み込めません。%1</translation>
    </message>
    <message>
        <source>It was kept as %1.</source>
        <translation>%1 として残しました。</translation>
    </message>
    <message>
        <source>It could not be moved aside and was left as it was.</source>
        <translation>別名で残せなかったため、そのままにしてあります。</translation>
    </message>
    <message>
        <source>The list of tables you joined could not be read (%1). %2 To return to a table, join it again with its code.</source>
        <translation>参加したテーブルの一覧を読み込めませんでした（%1）。%2 テーブルに戻るには、参加コードでもう一度参加してください。</translation>
    </message>
    <message>
        <source>The table could not be kept (%1).</source>
        <translation>テーブルを記録できませんでした（%1）。</translation>
    </message>
    <message>
        <source>The table you joined could not be kept for a return after a restart. %1</source>
        <translation>参加したテーブルを、再起動後に戻れるよう記録できませんでした。%1</translation>
    </message>
</context>
<context>
    <name>MainMenus</name>
    <message>
        <source>&amp;Game</source>
        <translation>ゲーム(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Turn</source>
        <translation>手番(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;New Game…</source>
        <translation>新しいゲーム(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Daily Challenge</source>
        <translation>デイリーチャレンジ(&amp;D)</translation>
    </message>
    <message>
        <source>Today&apos;s solo game (%1): everyone gets the same cards today. The goal: 300 VP.</source>
        <translation>今日の一人用ゲーム（%1）：今日は全員が同じカードで遊びます。目標は300 VP。</translation>
    </message>
    <message>
        <source>&amp;Host a Table…</source>
        <translation>テーブルを開く(&amp;H)…</translation>
    </message>
    <message>
        <source>Play across laptops: players join this table from their own computers</source>
        <translation>ノートPCをつないで遊ぶ：各プレイヤーが自分のコンピュータからこのテーブルに参加します</translation>
    </message>
    <message>
        <source>&amp;Join a Table…</source>
        <translation>テーブルに参加(&amp;J)…</translation>
    </message>
    <message>
        <source>&amp;Open Game…</source>
        <translation>ゲームを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save Game As…</source>
        <translation>名前を付けて保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Open &amp;Replay…</source>
        <translation>リプレイを開く(&amp;R)…</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>戦績(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Player Name…</source>
        <translation>プレイヤー名(&amp;P)…</translation>
    </message>
    <message>
        <source>The name your games, statistics and personal bests are kept under</source>
        <translation>対局・戦績・自己ベストを記録する名前</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Rules Summary…</source>
        <translation>ルールサマリー(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;About In the Ruin…</source>
        <translation>インザルーインについて(&amp;A)…</translation>
    </message>
    <message>
        <source>About &amp;Qt…</source>
        <translation>Qt について(&amp;Q)…</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>システムの言語</translation>
    </message>
    <message>
        <source>&amp;Controls…</source>
        <translation>操作方法(&amp;C)…</translation>
    </message>
    <message>
        <source>Explore &amp;cards…</source>
        <translation>探索カード(&amp;C)…</translation>
    </message>
    <message>
        <source>Go to the &amp;Sheet</source>
        <translation>シートへ移動(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Animations</source>
        <translation>アニメーション(&amp;A)</translation>
    </message>
    <message>
        <source>Pieces drawn in, the adventurer walking, gems flashing</source>
        <translation>ピースの記入、探索者の移動、宝石の獲得などの動き</translation>
    </message>
    <message>
        <source>&amp;Text Size</source>
        <translation>文字の大きさ(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Larger Text</source>
        <translation>文字を大きく(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Smaller Text</source>
        <translation>文字を小さく(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Normal Text Size</source>
        <translation>標準の文字の大きさ(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>ハイコントラスト(&amp;H)</translation>
    </message>
    <message>
        <source>White paper and black exact marks instead of pencil</source>
        <translation>鉛筆風ではなく、白い紙に黒いくっきりした記号で表示します</translation>
    </message>
    <message>
        <source>About In the Ruin</source>
        <translation>インザルーインについて</translation>
    </message>
    <message>
        <source>&lt;h3&gt;In the Ruin&lt;/h3&gt;&lt;p&gt;A digital edition of the flip-and-write game インザルーイン.&lt;/p&gt;&lt;p&gt;Draw roads and walls, collect gems, link your objective cards and escape before the ruin collapses.&lt;/p&gt;&lt;p&gt;Version %1&lt;/p&gt;&lt;p&gt;Free software under the MIT licence: you may use, copy, change and share it, keeping its copyright and licence notice. It comes without any warranty.&lt;/p&gt;&lt;p&gt;Copyright © 2026 the ruin_qt developers&lt;/p&gt;</source>
        <translation>&lt;h3&gt;インザルーイン&lt;/h3&gt;&lt;p&gt;フリップ＆ライトゲーム「インザルーイン」のデジタル版です。&lt;/p&gt;&lt;p&gt;通路と壁を記入して宝石を集め、目標カードの座標を通路でつなぎ、遺跡が崩壊する前に脱出しましょう。&lt;/p&gt;&lt;p&gt;バージョン %1&lt;/p&gt;&lt;p&gt;MIT ライセンスのフリーソフトウェアです。著作権表示とライセンス表示を残せば、自由に使用・複製・改変・再配布できます。無保証です。&lt;/p&gt;&lt;p&gt;Copyright © 2026 the ruin_qt developers&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Play across laptops is not available</source>
        <translation>ネットワーク対戦は利用できません</translation>
    </message>
    <message>
        <source>This copy of In the Ruin cannot load its network part (%1). Solo and pass-and-play games still work; install the game again to play across laptops.</source>
        <translation>このインザルーインはネットワーク部分を読み込めません（%1）。ソロとパス＆プレイは遊べます。ネットワーク対戦で遊ぶにはゲームを入れ直してください。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Announcements</source>
        <translation>宣言</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>In the Ruin</source>
        <translation>インザルーイン</translation>
    </message>
    <message>
        <source>Save Game</source>
        <translation>ゲームを保存</translation>
    </message>
    <message>
        <source>In the Ruin records (*.ruin *.json)</source>
        <translation>インザルーインの記録 (*.ruin *.json)</translation>
    </message>
    <message>
        <source>In the Ruin records (*.ruin *.json);;All files (*)</source>
        <translation>インザルーインの記録 (*.ruin *.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 に保存しました</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>得点シート</translation>
    </message>
    <message>
        <source>Stage %1, round %2</source>
        <translation>ステージ%1・ラウンド%2</translation>
    </message>
    <message>
        <source>Open Game</source>
        <translation>ゲームを開く</translation>
    </message>
    <message>
        <source>Open Replay</source>
        <translation>リプレイを開く</translation>
    </message>
    <message>
        <source>Resume game</source>
        <translation>ゲームの再開</translation>
    </message>
    <message>
        <source>A game was interrupted. Continue it where it stopped?</source>
        <translation>中断したゲームがあります。続きから再開しますか？</translation>
    </message>
    <message>
        <source>Seed %1</source>
        <translation>シード %1</translation>
    </message>
    <message>
        <source>Daily challenge %1: your best today is %2 VP</source>
        <translation>デイリーチャレンジ %1：今日のベストは %2 VP</translation>
    </message>
</context>
<context>
    <name>NetTable</name>
    <message>
        <source>That is not this table&apos;s join code.</source>
        <translation>このテーブルの参加コードではありません。</translation>
    </message>
    <message>
        <source>Every seat at this table is taken.</source>
        <translation>このテーブルの席はすべて埋まっています。</translation>
    </message>
    <message>
        <source>This table&apos;s game has already started.</source>
        <translation>このテーブルのゲームはもう始まっています。</translation>
    </message>
    <message>
        <source>This table runs another version of In the Ruin: both players need the same version.</source>
        <translation>このテーブルは別のバージョンのインザルーインで開かれています。同じバージョンどうしで遊んでください。</translation>
    </message>
    <message>
        <source>The host has closed the table.</source>
        <translation>ホストがテーブルを閉じました。</translation>
    </message>
    <message>
        <source>The table cannot be reached.</source>
        <translation>テーブルに接続できません。</translation>
    </message>
    <message>
        <source>The host says: %1</source>
        <translation>ホストより：%1</translation>
    </message>
</context>
<context>
    <name>NetTableWindow</name>
    <message>
        <source>The join code and the address are copied: paste them in a message to the players.</source>
        <translation>参加コードとアドレスをコピーしました。プレイヤーへのメッセージに貼り付けてください。</translation>
    </message>
    <message>
        <source>direct</source>
        <translation>直接</translation>
    </message>
    <message>
        <source>through a relay</source>
        <translation>中継サーバー経由</translation>
    </message>
    <message>
        <source>reconnecting…</source>
        <translation>再接続しています…</translation>
    </message>
    <message>
        <source>Connection: %1</source>
        <translation>接続：%1</translation>
    </message>
    <message>
        <source>Seat %1: %2</source>
        <translation>席%1：%2</translation>
    </message>
    <message>
        <source>How the table is connected</source>
        <translation>テーブルの接続方法</translation>
    </message>
    <message>
        <source>The host&apos;s record of the game could not be read: only your own sheet is shown.</source>
        <translation>ホストから届いたゲームの記録を読み取れませんでした。自分のシートだけを表示しています。</translation>
    </message>
    <message>
        <source>The host ended the game before its end: the scores are those so far.</source>
        <translation>ホストがゲームを途中で終了しました。得点はその時点のものです。</translation>
    </message>
    <message>
        <source>Save Game</source>
        <translation>ゲームを保存</translation>
    </message>
    <message>
        <source>In the Ruin records (*.ruin *.json)</source>
        <translation>インザルーインの記録 (*.ruin *.json)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 に保存しました</translation>
    </message>
    <message>
        <source>Invite again</source>
        <translation>招待し直す</translation>
    </message>
    <message>
        <source>Give seat %1 to another player? %2 will not be able to return to it: the seat&apos;s secret token is revoked. A new invite is made for it, and the join code takes it too.</source>
        <translation>席%1 を別のプレイヤーに渡しますか？ %2 さんはこの席に戻れなくなります（席の秘密のトークンは無効になります）。この席の新しい招待を作ります。参加コードでも座れます。</translation>
    </message>
    <message>
        <source>End the game</source>
        <translation>ゲームを終了</translation>
    </message>
    <message>
        <source>End the game now? Every seat&apos;s score so far becomes its final score, and the game goes into every player&apos;s history as it stands. This cannot be undone.</source>
        <translation>今ゲームを終了しますか？ 各席のその時点の得点が最終得点になり、ゲームはそのまま全プレイヤーの履歴に入ります。元に戻せません。</translation>
    </message>
    <message>
        <source>away since %1, the seat waits</source>
        <translation>%1 から離席中（席は空けたまま待っています）</translation>
    </message>
    <message>
        <source>away, the seat waits</source>
        <translation>離席中（席は空けたまま待っています）</translation>
    </message>
    <message>
        <source>away since %1, a computer plays for now</source>
        <translation>%1 から離席中（今はコンピュータが代わりに打っています）</translation>
    </message>
    <message>
        <source>away, a computer plays for now</source>
        <translation>離席中（今はコンピュータが代わりに打っています）</translation>
    </message>
    <message>
        <source>waiting for a new player</source>
        <translation>新しいプレイヤー待ち</translation>
    </message>
    <message>
        <source>winner</source>
        <translation>勝者</translation>
    </message>
    <message>
        <source>escaped</source>
        <translation>脱出済み</translation>
    </message>
    <message>
        <source>still deciding</source>
        <translation>考え中</translation>
    </message>
    <message>
        <source>thinking</source>
        <translation>コンピュータが思考中</translation>
    </message>
    <message>
        <source>confirmed</source>
        <translation>確定済み</translation>
    </message>
    <message>
        <source>Table across laptops</source>
        <translation>ネットワーク対戦</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>connected directly</source>
        <translation>直接つながっています</translation>
    </message>
    <message>
        <source>connected through a relay</source>
        <translation>中継サーバー経由でつながっています</translation>
    </message>
    <message>
        <source>Waiting for the game to start…</source>
        <translation>ゲームの開始を待っています…</translation>
    </message>
    <message>
        <source>joined</source>
        <translation>参加済み</translation>
    </message>
    <message>
        <source>computer</source>
        <translation>コンピュータ</translation>
    </message>
    <message>
        <source>waiting for a player</source>
        <translation>プレイヤー待ち</translation>
    </message>
    <message>
        <source>away</source>
        <translation>離席中</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>Player %1</source>
        <translation>プレイヤー%1</translation>
    </message>
    <message>
        <source>New Game</source>
        <translation>新しいゲーム</translation>
    </message>
    <message>
        <source>&amp;Seats:</source>
        <translation>人数(&amp;S)：</translation>
    </message>
    <message>
        <source>S&amp;eed (optional):</source>
        <translation>シード（任意）(&amp;E)：</translation>
    </message>
    <message>
        <source>random</source>
        <translation>ランダム</translation>
    </message>
    <message>
        <source>Seat %1:</source>
        <translation>プレイヤー%1：</translation>
    </message>
    <message>
        <source>Human</source>
        <translation>人間</translation>
    </message>
    <message>
        <source>Computer (%1)</source>
        <translation>コンピュータ（%1）</translation>
    </message>
    <message>
        <source>Seat %1: name</source>
        <translation>プレイヤー%1：名前</translation>
    </message>
    <message>
        <source>Seat %1&apos;s name is too long: at most %2 characters.</source>
        <translation>プレイヤー%1の名前が長すぎます（%2文字まで）。</translation>
    </message>
    <message>
        <source>Seat %1&apos;s name contains characters that cannot be used (control characters).</source>
        <translation>プレイヤー%1の名前に使えない文字（制御文字）が含まれています。</translation>
    </message>
    <message>
        <source>The seed must be a whole number from %1 to %2, or empty for a random one.</source>
        <translation>シードは %1 から %2 までの整数にしてください（空欄ならランダム）。</translation>
    </message>
</context>
<context>
    <name>ObjectiveChoiceDialog</name>
    <message>
        <source>completed route: −%1 VP</source>
        <translation>完成済みのルート：−%1 VP</translation>
    </message>
    <message>
        <source>can no longer be completed (%1): no VP lost</source>
        <translation>もう完成できません（%1）：失うVPはありません</translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s) still to draw: no VP lost now</source>
        <translation>
            <numerusform>あと%nマス記入が必要：今は失うVPはありません</numerusform>
        </translation>
    </message>
    <message>
        <source>Special action: +1 cell</source>
        <translation>特別アクション：＋1マス記入</translation>
    </message>
    <message>
        <source>Special action: warp</source>
        <translation>特別アクション：ワープ移動</translation>
    </message>
    <message>
        <source>Discard which objective card to pay for it? The cheapest is chosen.</source>
        <translation>どの目標カードを捨てて支払いますか？ 最も損の少ないカードが選ばれています。</translation>
    </message>
    <message>
        <source>%1 %2 — %3</source>
        <translation>%1 %2 — %3</translation>
    </message>
</context>
<context>
    <name>ObjectiveList</name>
    <message>
        <source>Route complete right now</source>
        <translation>現在ルート達成中</translation>
    </message>
    <message>
        <source>✗ %1 (%2)</source>
        <translation>✗ %1（%2）</translation>
    </message>
    <message>
        <source>This route can no longer be completed: %1</source>
        <translation>このルートはもう完成できません：%1</translation>
    </message>
    <message numerus="yes">
        <source>Route not complete yet: %n cell(s) to draw at best</source>
        <translation>
            <numerusform>ルートは未完成：最短であと%nマスの記入が必要</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PaperSheet</name>
    <message>
        <source>★ Winner</source>
        <translation>★ 勝者</translation>
    </message>
    <message>
        <source>★ Shared win</source>
        <translation>★ 同点優勝</translation>
    </message>
    <message>
        <source>Gem track</source>
        <translation>宝石トラック</translation>
    </message>
    <message>
        <source>Penalty track</source>
        <translation>ペナルティトラック</translation>
    </message>
    <message>
        <source>Each objective&apos;s two letters are ringed: a solid ring when the route is complete, a dotted grey ring when not.</source>
        <translation>各目標カードの2つの座標に丸印：ルート完成は実線の丸、未完成は灰色の点線の丸。</translation>
    </message>
    <message>
        <source>Rings: each objective&apos;s two letters — %1 solid: route complete, %2 dotted: not complete.</source>
        <translation>丸印：各目標カードの2つの座標 — %1 実線：ルート完成、%2 点線：未完成。</translation>
    </message>
    <message>
        <source>Square bonus ①</source>
        <translation>スクエアボーナス①</translation>
    </message>
    <message>
        <source>Square bonus ②</source>
        <translation>スクエアボーナス②</translation>
    </message>
    <message>
        <source>Gem bonus</source>
        <translation>宝石ボーナス</translation>
    </message>
    <message>
        <source>Honour bonus</source>
        <translation>栄誉ボーナス</translation>
    </message>
    <message>
        <source>Route bonus</source>
        <translation>ルートボーナス</translation>
    </message>
    <message>
        <source>&lt;b&gt;Total (VP)&lt;/b&gt;</source>
        <translation>&lt;b&gt;合計（VP）&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The largest rectangle of filled cells at the end of stage 1 (R11.1)</source>
        <translation>前半ステージ終了時の、記入済みのマスでできた最大の四角形の面積（R11.1）</translation>
    </message>
    <message>
        <source>The largest rectangle of filled cells at the end of the game (R11.1)</source>
        <translation>ゲーム終了時の、記入済みのマスでできた最大の四角形の面積（R11.1）</translation>
    </message>
    <message>
        <source>10 VP per gem (R11.2)</source>
        <translation>宝石1個につき10 VP（R11.2）</translation>
    </message>
    <message>
        <source>−10 VP per penalty, plus the escape VP (R11.3)</source>
        <translation>ペナルティ1つにつき−10 VP、加えて脱出のVP（R11.3）</translation>
    </message>
    <message>
        <source>15 VP per objective card whose two letters are joined by roads (R11.4)</source>
        <translation>2つの座標を通路でつないだ目標カード1枚につき15 VP（R11.4）</translation>
    </message>
    <message numerus="yes">
        <source>%n gem(s) × %1</source>
        <translation>
            <numerusform>宝石%n個 × %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 objective cards complete</source>
        <translation>目標カード%2枚中%1枚が完成</translation>
    </message>
    <message>
        <source>no objective card left in hand</source>
        <translation>手札に目標カードなし</translation>
    </message>
    <message>
        <source>✓ route complete: +15</source>
        <translation>✓ ルート完成：+15</translation>
    </message>
    <message>
        <source>✗ route not complete</source>
        <translation>✗ ルート未完成</translation>
    </message>
    <message>
        <source>Road and gate cells (tie-break): %1</source>
        <translation>通路とゲートのマス数（同点時）：%1</translation>
    </message>
    <message>
        <source>A tie on the total goes to the most road and gate cells (R11.5)</source>
        <translation>合計が同点なら通路とゲートのマスが多いプレイヤーの勝ち（R11.5）</translation>
    </message>
    <message>
        <source>Final score sheet of %1</source>
        <translation>%1の最終得点シート</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>Road and gate cells (tie-break)</source>
        <translation>通路とゲートのマス数（同点時）</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>項目</translation>
    </message>
    <message>
        <source>Score of %1: %2 VP</source>
        <translation>%1の得点：%2 VP</translation>
    </message>
    <message>
        <source>escape %1</source>
        <translation>脱出 %1</translation>
    </message>
    <message>
        <source>not escaped %1</source>
        <translation>脱出せず %1</translation>
    </message>
    <message numerus="yes">
        <source>%n penalty(s) %1</source>
        <translation>
            <numerusform>ペナルティ%n個 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>PlayerNameDialog</name>
    <message>
        <source>Player Name</source>
        <translation>プレイヤー名</translation>
    </message>
    <message>
        <source>Welcome to In the Ruin! What is your name? Your games, statistics and personal bests are kept under it, whatever the language. You can change it later with Game ▸ Player Name…</source>
        <translation>インザルーインへようこそ！ お名前を教えてください。対局・戦績・自己ベストはこの名前で記録されます（表示言語を変えても同じです）。あとから「ゲーム ▸ プレイヤー名…」で変更できます。</translation>
    </message>
    <message>
        <source>Your games, statistics and personal bests are kept under this name. Changing it keeps them all.</source>
        <translation>対局・戦績・自己ベストはこの名前で記録されています。名前を変えても記録はすべて残ります。</translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation>あなたの名前(&amp;N)：</translation>
    </message>
    <message>
        <source>Type your name.</source>
        <translation>名前を入力してください。</translation>
    </message>
    <message>
        <source>The name contains characters that cannot be used (control characters).</source>
        <translation>名前に使えない文字（制御文字）が含まれています。</translation>
    </message>
</context>
<context>
    <name>PlayerPanel</name>
    <message>
        <source>Gem track</source>
        <translation>宝石トラック</translation>
    </message>
    <message>
        <source>Penalty track</source>
        <translation>ペナルティトラック</translation>
    </message>
    <message>
        <source>Objective cards (✓ route complete now)</source>
        <translation>目標カード（✓ ルート達成中）</translation>
    </message>
    <message>
        <source>Gems</source>
        <translation>宝石</translation>
    </message>
    <message>
        <source>Honour</source>
        <translation>栄誉</translation>
    </message>
    <message>
        <source>Square bonus</source>
        <translation>スクエアボーナス</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>ルート</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>得点</translation>
    </message>
    <message>
        <source>Gem track: %1</source>
        <translation>宝石トラック：%1</translation>
    </message>
    <message>
        <source>Penalty track: %1</source>
        <translation>ペナルティトラック：%1</translation>
    </message>
    <message>
        <source>Score sheet (final)</source>
        <translation>得点（最終）</translation>
    </message>
    <message>
        <source>Score sheet (if the game ended now)</source>
        <translation>得点（今ゲームが終わった場合）</translation>
    </message>
</context>
<context>
    <name>ReadKeys</name>
    <message>
        <source>; </source>
        <translation>。</translation>
    </message>
    <message>
        <source>No score yet: the game is in its setup.</source>
        <translation>まだ得点はありません：準備中です。</translation>
    </message>
    <message>
        <source>Final score</source>
        <translation>最終得点</translation>
    </message>
    <message>
        <source>Score if the game ended now</source>
        <translation>今ゲームが終わった場合の得点</translation>
    </message>
    <message>
        <source>%1 VP</source>
        <translation>%1 VP</translation>
    </message>
    <message>
        <source>square bonus 1: %1</source>
        <translation>スクエアボーナス①：%1</translation>
    </message>
    <message>
        <source>not scored yet</source>
        <translation>まだ計算されていません</translation>
    </message>
    <message>
        <source>square bonus 2: %1</source>
        <translation>スクエアボーナス②：%1</translation>
    </message>
    <message>
        <source>scored at the end</source>
        <translation>ゲーム終了時に計算</translation>
    </message>
    <message numerus="yes">
        <source>gems: %1 VP (%n gem(s))</source>
        <translation>
            <numerusform>宝石：%1 VP（%n個）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>honour: %1 VP (%n penalty(ies), escape %2 VP)</source>
        <translation>
            <numerusform>栄誉：%1 VP（ペナルティ%n個、脱出%2 VP）</numerusform>
        </translation>
    </message>
    <message>
        <source>routes: %1 VP</source>
        <translation>ルート：%1 VP</translation>
    </message>
    <message>
        <source>total: %1 VP</source>
        <translation>合計：%1 VP</translation>
    </message>
    <message>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>route complete</source>
        <translation>ルート達成中</translation>
    </message>
    <message>
        <source>can no longer be completed: %1</source>
        <translation>もう達成できません：%1</translation>
    </message>
    <message numerus="yes">
        <source>not complete: %n cell(s) to draw at best</source>
        <translation>
            <numerusform>未達成：最短であと%nマス</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
    <message>
        <source>%1, kept</source>
        <translation>%1（残す）</translation>
    </message>
    <message>
        <source>Objective cards dealt (keep two): %1.</source>
        <translation>配られた目標カード（2枚残す）：%1。</translation>
    </message>
    <message>
        <source>No objective cards in hand.</source>
        <translation>目標カードを持っていません。</translation>
    </message>
    <message>
        <source>Objective cards in hand: %1.</source>
        <translation>手持ちの目標カード：%1。</translation>
    </message>
    <message>
        <source>No game is being played.</source>
        <translation>ゲームは行われていません。</translation>
    </message>
    <message>
        <source>computer</source>
        <translation>コンピュータ</translation>
    </message>
    <message>
        <source>human</source>
        <translation>人間</translation>
    </message>
    <message>
        <source>seat %1, %2, %3</source>
        <translation>プレイヤー%1、%2、%3</translation>
    </message>
    <message numerus="yes">
        <source>%n gem(s)</source>
        <translation>
            <numerusform>宝石%n個</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n objective card(s)</source>
        <translation>
            <numerusform>目標カード%n枚</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n other(s)</source>
        <translation>
            <numerusform>ほか%n箇所</numerusform>
        </translation>
    </message>
    <message>
        <source>escaped</source>
        <translation>脱出済み</translation>
    </message>
    <message>
        <source>thinking</source>
        <translation>思考中</translation>
    </message>
    <message>
        <source>deciding</source>
        <translation>選択中</translation>
    </message>
    <message>
        <source>has decided</source>
        <translation>決定済み</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>ゲームは終了しました。</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>準備</translation>
    </message>
    <message>
        <source>%1; still to decide: %2.</source>
        <translation>%1。まだ選択中：%2。</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>. </source>
        <translation>。</translation>
    </message>
    <message>
        <source>Nothing announced yet.</source>
        <translation>まだ宣言はありません。</translation>
    </message>
    <message>
        <source>No destination letters.</source>
        <translation>目的地の文字がありません。</translation>
    </message>
    <message>
        <source>No gates on your sheet yet.</source>
        <translation>シートにはまだゲートがありません。</translation>
    </message>
    <message>
        <source>Go to which cell? Type the row, a space, the column, then Enter.</source>
        <translation>どのマスへ移動しますか？ 行、スペース、列を入力して Enter を押してください。</translation>
    </message>
    <message>
        <source>Go to: cancelled.</source>
        <translation>移動を取り消しました。</translation>
    </message>
    <message>
        <source>No such cell: type a row and a column, each from 1 to 11.</source>
        <translation>そのマスはありません：行と列をそれぞれ1から11で入力してください。</translation>
    </message>
    <message>
        <source>Your adventurer cannot move this turn.</source>
        <translation>このラウンド、コマは移動できません。</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n step(s)</source>
        <translation>
            <numerusform>%1（%nマス）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your adventurer can go to %n cell(s): %1.</source>
        <translation>
            <numerusform>コマが行けるマスは%n箇所：%1。</numerusform>
        </translation>
    </message>
    <message>
        <source>The cell fits nowhere.</source>
        <translation>そのマスを記入できる場所はありません。</translation>
    </message>
    <message numerus="yes">
        <source>The %1 cell fits at %n place(s): %2.</source>
        <translation>
            <numerusform>%1のマスを記入できる場所は%n箇所：%2。</numerusform>
        </translation>
    </message>
    <message>
        <source>The piece fits nowhere as %1.</source>
        <translation>%1としてピースを記入できる場所はありません。</translation>
    </message>
    <message numerus="yes">
        <source>As %1, turned as now, the piece fits at %n place(s)</source>
        <translation>
            <numerusform>%1として今の向きで記入できる場所は%n箇所</numerusform>
        </translation>
    </message>
    <message>
        <source>, its cursor cell on: %1</source>
        <translation>、カーソルのマスの位置：%1</translation>
    </message>
    <message numerus="yes">
        <source>. Turned or mirrored: %n place(s) more.</source>
        <translation>
            <numerusform>。回転・裏返しで、さらに%n箇所。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Recall</name>
    <message>
        <source>Nothing announced yet.</source>
        <translation>まだ宣言はありません。</translation>
    </message>
    <message>
        <source>Announcement %1 of %2: </source>
        <translation>宣言 %2件中%1件目：</translation>
    </message>
    <message>
        <source>The first announcement: </source>
        <translation>最初の宣言：</translation>
    </message>
</context>
<context>
    <name>ReplayWindow</name>
    <message>
        <source>No rounds</source>
        <translation>ラウンドなし</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>準備</translation>
    </message>
    <message>
        <source>Final (round %1)</source>
        <translation>最終（ラウンド%1）</translation>
    </message>
    <message>
        <source>Round %1 (stage %2)</source>
        <translation>ラウンド%1（ステージ%2）</translation>
    </message>
    <message>
        <source>There is nothing to replay in this record.</source>
        <translation>この記録には再生できる内容がありません。</translation>
    </message>
    <message>
        <source>Escaped in round %1: no turn.</source>
        <translation>ラウンド%1で脱出済み：手番なし。</translation>
    </message>
    <message>
        <source>No turn.</source>
        <translation>手番なし。</translation>
    </message>
    <message numerus="yes">
        <source>A: drew the card as roads (%n cell(s)).</source>
        <translation>
            <numerusform>A：カードのピースを○で記入した（%nマス）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>B: drew the card as walls (%n cell(s)).</source>
        <translation>
            <numerusform>B：カードのピースを■で記入した（%nマス）。</numerusform>
        </translation>
    </message>
    <message>
        <source>C: drew one wall and took a penalty.</source>
        <translation>C：1マスのみ■を記入し、ペナルティを受けた。</translation>
    </message>
    <message>
        <source>No draw was possible: took a penalty.</source>
        <translation>記入できず、ペナルティを受けた。</translation>
    </message>
    <message>
        <source>+1 road</source>
        <translation>＋1マス○</translation>
    </message>
    <message>
        <source>+1 wall</source>
        <translation>＋1マス■</translation>
    </message>
    <message>
        <source>warp</source>
        <translation>ワープ移動</translation>
    </message>
    <message>
        <source>Special action: %1, paid with objective %2.</source>
        <translation>特別アクション：%1（目標カード %2 を捨て札）。</translation>
    </message>
    <message numerus="yes">
        <source>Moved %n step(s).</source>
        <translation>
            <numerusform>%nマス移動した。</numerusform>
        </translation>
    </message>
    <message>
        <source>Did not move.</source>
        <translation>移動しなかった。</translation>
    </message>
    <message>
        <source>Escaped.</source>
        <translation>脱出した。</translation>
    </message>
    <message>
        <source>Active card: %1</source>
        <translation>参照カード：%1</translation>
    </message>
    <message>
        <source>Step 1</source>
        <translation>ステップ1</translation>
    </message>
    <message>
        <source>Hidden until the game is over.</source>
        <translation>ゲームが終わるまで非公開です。</translation>
    </message>
    <message>
        <source>Step 2: announcements</source>
        <translation>ステップ2：宣言</translation>
    </message>
    <message>
        <source>Nothing was announced.</source>
        <translation>宣言はなかった。</translation>
    </message>
    <message>
        <source>Every seat has drawn its setup pieces; the marked cells are the setup.</source>
        <translation>全員が準備のピースを記入した。印のついたマスが準備で記入したマス。</translation>
    </message>
    <message>
        <source>Active destinations: %1</source>
        <translation>有効な目的地：%1</translation>
    </message>
    <message>
        <source>Collected: %1</source>
        <translation>獲得済み：%1</translation>
    </message>
    <message>
        <source>Line: %1 · deck %2 · discard %3</source>
        <translation>場の列：%1 · 山札 %2 · 捨て札 %3</translation>
    </message>
    <message>
        <source>On the sheet: blue cells were drawn or changed in this round; the dotted line is the adventurer&apos;s walk (its dot marks the start).</source>
        <translation>シート上の青いマスはこのラウンドに記入・変更されたマス、点線はコマの移動経路です（点が出発地点）。</translation>
    </message>
    <message>
        <source>Final scores</source>
        <translation>最終得点</translation>
    </message>
    <message>
        <source>Scores if the game ended now</source>
        <translation>今ゲームが終わった場合の得点</translation>
    </message>
    <message>
        <source>Gems</source>
        <translation>宝石</translation>
    </message>
    <message>
        <source>Penalties</source>
        <translation>ペナルティ</translation>
    </message>
    <message>
        <source>Objective cards</source>
        <translation>目標カード</translation>
    </message>
    <message>
        <source>Escaped</source>
        <translation>脱出</translation>
    </message>
    <message>
        <source>round %1</source>
        <translation>ラウンド%1</translation>
    </message>
    <message>
        <source>Square bonus 1</source>
        <translation>スクエアボーナス1</translation>
    </message>
    <message>
        <source>Square bonus 2</source>
        <translation>スクエアボーナス2</translation>
    </message>
    <message>
        <source>Gems (VP)</source>
        <translation>宝石（VP）</translation>
    </message>
    <message>
        <source>Honour</source>
        <translation>栄誉</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>ルート</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>★ wins (R11.5: highest total, then most road/gate cells).</source>
        <translation>★ 勝者（R11.5：合計が最も高く、同点なら通路・ゲートのマスが多い方）。</translation>
    </message>
    <message>
        <source>Public information</source>
        <translation>公開情報</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 に保存しました</translation>
    </message>
    <message>
        <source>Could not save %1</source>
        <translation>%1 を保存できませんでした</translation>
    </message>
    <message>
        <source>Export sheet as PNG</source>
        <translation>シートをPNGで書き出す</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG画像 (*.png)</translation>
    </message>
    <message>
        <source>This record cannot be read: %1</source>
        <translation>この記録を読み込めません：%1</translation>
    </message>
    <message>
        <source>This record breaks a rule during the setup, so there is nothing to replay: %1</source>
        <translation>この記録は準備の段階でルールに違反しているため、再生できません：%1</translation>
    </message>
    <message>
        <source>the setup</source>
        <translation>準備</translation>
    </message>
    <message>
        <source>%1, seat %2</source>
        <translation>%1、プレイヤー%2</translation>
    </message>
    <message>
        <source>This record breaks a rule in %1; the replay stops before it. %2</source>
        <translation>この記録は%1でルールに違反しています。リプレイはその手前で止まります。%2</translation>
    </message>
    <message>
        <source>Replay — %1</source>
        <translation>リプレイ — %1</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>リプレイ</translation>
    </message>
    <message>
        <source>Setup (Home)</source>
        <translation>準備（Home）</translation>
    </message>
    <message>
        <source>Previous round (Left)</source>
        <translation>前のラウンド（←）</translation>
    </message>
    <message>
        <source>Next round (Right)</source>
        <translation>次のラウンド（→）</translation>
    </message>
    <message>
        <source>Last round (End)</source>
        <translation>最後のラウンド（End）</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>ラウンド</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>PNG書き出し…</translation>
    </message>
    <message>
        <source>Review…</source>
        <translation>振り返り…</translation>
    </message>
    <message>
        <source>The Expert judges each decision of the seat shown</source>
        <translation>表示中のプレイヤーの一手ごとをエキスパートが評価します</translation>
    </message>
    <message>
        <source>Save the sheet shown as a PNG image</source>
        <translation>表示中のシートをPNG画像で保存します</translation>
    </message>
    <message>
        <source>This record ends before the setup is complete: there is nothing to replay.</source>
        <translation>この記録は準備が終わる前に途切れているため、再生できる内容がありません。</translation>
    </message>
    <message>
        <source>This pass-and-play game is not over: only what every player may see is shown. The sheets, turns and scores appear once the game has ended.</source>
        <translation>この交代プレイのゲームはまだ終わっていないため、全員が見てよい情報だけを表示しています。シート・手番・得点はゲーム終了後に表示されます。</translation>
    </message>
</context>
<context>
    <name>ReviewWindow</name>
    <message>
        <source>The review was cancelled.</source>
        <translation>振り返りを中止しました。</translation>
    </message>
    <message>
        <source>The review could not be made: %1</source>
        <translation>振り返りを作れませんでした：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Accuracy %1&lt;/b&gt; — expected loss %2 VP over %3 decisions (%4)</source>
        <translation>&lt;b&gt;正確さ %1&lt;/b&gt; — %3手で期待損失 %2 VP（%4）</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>ラウンド</translation>
    </message>
    <message>
        <source>Expected final VP</source>
        <translation>最終得点の期待値（VP）</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>実際の手</translation>
    </message>
    <message>
        <source>The Expert&apos;s choice</source>
        <translation>エキスパートの手</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: expected %2 VP (± %3)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：期待値 %2 VP（± %3）</translation>
    </message>
    <message>
        <source>The Expert is replaying each of your decisions from what you knew then; the boards and the curve appear when it is done.</source>
        <translation>エキスパートがあなたの各手を、その時点で分かっていた情報から再検討しています。終わるとシートとグラフが表示されます。</translation>
    </message>
    <message>
        <source>No review yet: press Review to start it.</source>
        <translation>まだ振り返りはありません：「振り返る」を押すと始まります。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>Game review</source>
        <translation>ゲームの振り返り</translation>
    </message>
    <message>
        <source>&lt;b&gt;Game review&lt;/b&gt; of %1&apos;s decisions by the Expert</source>
        <translation>エキスパートによる %1 の&lt;b&gt;ゲームの振り返り&lt;/b&gt;</translation>
    </message>
    <message>
        <source>seat %1</source>
        <translation>プレイヤー%1</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>振り返る</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>中止</translation>
    </message>
    <message>
        <source>Key moments (the largest losses):</source>
        <translation>分岐点（損失の大きい手）：</translation>
    </message>
    <message>
        <source>Every decision:</source>
        <translation>すべての手：</translation>
    </message>
    <message>
        <source>Key moments</source>
        <translation>分岐点</translation>
    </message>
    <message>
        <source>Every decision</source>
        <translation>すべての手</translation>
    </message>
    <message>
        <source>The Expert replays each of your decisions from what you knew then and compares it with the best it finds.</source>
        <translation>エキスパートが、その時点であなたが知っていた情報だけから一手ずつ再現し、見つけた最善手と比べます。</translation>
    </message>
</context>
<context>
    <name>ReviewWords</name>
    <message>
        <source>best</source>
        <translation>最善</translation>
    </message>
    <message>
        <source>good</source>
        <translation>好手</translation>
    </message>
    <message>
        <source>unclear</source>
        <translation>判定不能</translation>
    </message>
    <message>
        <source>inaccuracy</source>
        <translation>緩手</translation>
    </message>
    <message>
        <source>mistake</source>
        <translation>悪手</translation>
    </message>
    <message>
        <source>blunder</source>
        <translation>大悪手</translation>
    </message>
    <message>
        <source>+1 gem at destination %3 (%2 VP)</source>
        <translation>目的地 %3 で宝石 +1（%2 VP）</translation>
    </message>
    <message>
        <source>+%1 gems on average, among them destination %3 (%2 VP)</source>
        <translation>宝石 平均 +%1、うち目的地 %3（%2 VP）</translation>
    </message>
    <message>
        <source>+1 gem (%2 VP)</source>
        <translation>宝石 +1（%2 VP）</translation>
    </message>
    <message>
        <source>+%1 gems on average (%2 VP)</source>
        <translation>宝石 平均 +%1（%2 VP）</translation>
    </message>
    <message>
        <source>avoids a penalty (%2 VP)</source>
        <translation>ペナルティを1つ避ける（%2 VP）</translation>
    </message>
    <message>
        <source>avoids %1 penalties on average (%2 VP)</source>
        <translation>ペナルティを平均 %1 避ける（%2 VP）</translation>
    </message>
    <message>
        <source>completes %3 (%2 VP)</source>
        <translation>%3 のルートを完成（%2 VP）</translation>
    </message>
    <message>
        <source>completes %3 in %4% more of the futures (%2 VP)</source>
        <translation>%3 のルートを完成（%4% 多くの未来で、%2 VP）</translation>
    </message>
    <message>
        <source>a larger rectangle in stage 1 (%2 VP)</source>
        <translation>前半ステージでより大きな四角形（%2 VP）</translation>
    </message>
    <message>
        <source>a larger rectangle in stage 2 (%2 VP)</source>
        <translation>後半ステージでより大きな四角形（%2 VP）</translation>
    </message>
    <message>
        <source>escapes a round earlier (%2 VP)</source>
        <translation>1ラウンド早く脱出（%2 VP）</translation>
    </message>
    <message>
        <source>escapes %1 rounds earlier on average (%2 VP)</source>
        <translation>平均 %1 ラウンド早く脱出（%2 VP）</translation>
    </message>
    <message>
        <source>a better position for the rounds after (%2 VP)</source>
        <translation>その後のラウンドに向けてより良い局面（%2 VP）</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>; </source>
        <translation>、</translation>
    </message>
    <message>
        <source>The Expert&apos;s choice: %1.</source>
        <translation>エキスパートの手：%1。</translation>
    </message>
    <message>
        <source>The review cannot tell this from chance: a loss counts against you only beyond %2 times its error (± %1 VP), the futures&apos; and the evaluation&apos;s own.</source>
        <translation>この差は偶然と区別できません：損失は、その誤差（未来のばらつきと評価自体の誤差、± %1 VP）の%2倍を超えたときだけ失点とみなします。</translation>
    </message>
    <message>
        <source>Probably a loss, but chance could still give one this large: it would be a mistake beyond %2 times its error (± %1 VP).</source>
        <translation>おそらく損失ですが、この大きさなら偶然でも起こりえます：誤差（± %1 VP）の%2倍を超えれば悪手とみなします。</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>準備</translation>
    </message>
    <message>
        <source>Round %1</source>
        <translation>ラウンド%1</translation>
    </message>
    <message>
        <source>%1: −%2 VP (± %3)</source>
        <translation>%1：−%2 VP（± %3）</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>RoundBanner</name>
    <message>
        <source>Your first square bonus: %1 VP.</source>
        <translation>あなたの1回目のスクエアボーナス：%1 VP。</translation>
    </message>
    <message>
        <source>Now: %1.</source>
        <translation>現在：%1。</translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <source>Rules Summary</source>
        <translation>ルールサマリー</translation>
    </message>
    <message>
        <source>&lt;h2&gt;In the Ruin — rules summary&lt;/h2&gt;&lt;p&gt;Each player draws on a private 11×11 map sheet. Score victory points (VP) with gems, objective routes, big rectangles and an early escape.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;インザルーイン ルールサマリー&lt;/h2&gt;&lt;p&gt;各プレイヤーは他のプレイヤーに見せない自分のシート（11×11マス）にマップを記入します。宝石、目標カードのルート、大きな四角形、早い脱出で勝利点（VP）を得ましょう。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Setup&lt;/h3&gt;&lt;p&gt;Keep 2 of your 4 objective cards. Draw one explore card as roads ○ covering the exit, the other as walls ■ touching a road (solo: two road cards, then two wall cards). The letters on everyone&apos;s setup cards become destinations.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ゲームの準備&lt;/h3&gt;&lt;p&gt;配られた目標カード4枚のうち2枚を手元に残します。配られた探索カードの一方のピースを出入口を含めて○で、もう一方を通路に隣接させて■で記入します（一人用：2枚を○、2枚を■）。全員の準備のカードの座標が目的地になります。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Each round: step 1 (secret, everyone at once)&lt;/h3&gt;&lt;p&gt;The active card is the one farthest from the deck. Take exactly one action:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;A&lt;/b&gt;: draw its piece as roads ○ (rotate and mirror freely);&lt;/li&gt;&lt;li&gt;&lt;b&gt;B&lt;/b&gt;: draw it as walls ■;&lt;/li&gt;&lt;li&gt;&lt;b&gt;C&lt;/b&gt;: draw one wall anywhere next to a filled cell, and take a penalty.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;A piece must touch a cell filled before this round and may not cover a filled cell. Roads never form a 2×2 block. Then move your adventurer up to the card&apos;s number of steps along roads and gates.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;各ラウンド：ステップ1（全員同時・非公開）&lt;/h3&gt;&lt;p&gt;場の列のうち山札から最も離れた探索カードを参照し、以下の行動のうちいずれか1つを実行します。&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;A&lt;/b&gt;：ピースを○で記入（回転・反転は自由）&lt;/li&gt;&lt;li&gt;&lt;b&gt;B&lt;/b&gt;：ピースを■で記入&lt;/li&gt;&lt;li&gt;&lt;b&gt;C&lt;/b&gt;：記入済みのマスに隣接する1マスだけに■を記入し、ペナルティを1つ受ける&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;ピースはこのラウンドより前に記入したマスに隣接させ、記入済みのマスには重ねられません。○を縦横2×2マスに並べてはいけません。その後、カードの数字のマス数まで、通路とゲートの上で探索者（コマ）を移動させます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Special actions&lt;/h3&gt;&lt;p&gt;Once per round, discard an objective card to draw one extra ○ or ■ next to any filled cell (+1 cell), or to let one step jump from a gate to any other gate (warp).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;特別アクション&lt;/h3&gt;&lt;p&gt;各ラウンド1回、目標カード1枚を捨て札にして、記入済みのマスに隣接して○か■を追加で1マス記入する（＋1マス記入）か、1マス分の移動でゲートから別のゲートへ移動する（ワープ移動）ことができます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Step 2: gems and new destinations&lt;/h3&gt;&lt;p&gt;An adventurer standing on an active destination collects a gem and draws an objective card (hand limit 5). That letter becomes a gate where it is a road on each sheet, and a wall elsewhere. For each letter collected, one explore card is discarded and its letter becomes a new destination.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ステップ2：宝石の獲得と出現&lt;/h3&gt;&lt;p&gt;目的地の上にコマを置いているプレイヤーは宝石を獲得し、目標カードを1枚引きます（5枚まで）。その座標のマスは、各シートで通路ならゲートに、そうでなければ壁になります。獲得された座標1種類につき探索カード1枚を捨て札にし、その座標が新たな目的地になります。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Letters never block drawing: a road or a wall may cover one. A wall on an active destination keeps its gem from you, since your adventurer can never stand there: on your sheet its letter is struck out (it stays a destination for the others).&lt;/p&gt;</source>
        <translation>&lt;p&gt;文字のマスも記入の妨げになりません。通路も壁も文字のマスに記入できます。有効な目的地を壁で覆うと、探索者はそこに止まれないため、その宝石は取れなくなります。あなたのシートではその文字に取り消し線が付きます（他のプレイヤーにとっては目的地のままです）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Stages and the collapse&lt;/h3&gt;&lt;p&gt;When the line of cards runs out, stage 1 ends: score your largest filled rectangle (square bonus), reshuffle the discards, and play stage 2. In stage 2 you may escape from the exit; every escaped player makes the ruin collapse faster (one more card discarded each round).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ステージと遺跡の崩壊&lt;/h3&gt;&lt;p&gt;場の列のカードがなくなると前半ステージが終了します。記入済みのマスでできた最大の四角形の面積をスクエアボーナスとして記入し、捨て札をシャッフルして後半ステージを行います。後半ステージでは出入口から脱出できます。脱出したプレイヤーが1人増えるごとに、毎ラウンド捨て札にするカードが1枚増え、遺跡の崩壊が早まります。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Scoring&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;Both square bonuses (a traced letter that is not a road breaks a rectangle);&lt;/li&gt;&lt;li&gt;10 VP per gem;&lt;/li&gt;&lt;li&gt;honour: −10 VP per penalty; escaping first 30 VP, second 10 VP (players escaping in the same round score the next rank), not escaping −20 VP (solo: escape 30 VP);&lt;/li&gt;&lt;li&gt;15 VP per objective card whose two letters are joined by roads.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Ties go to the player with more road cells. The solo challenge: reach 300 VP.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;得点計算&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;スクエアボーナス2回分（通路でない目的地は四角形に含められません）&lt;/li&gt;&lt;li&gt;宝石ボーナス：宝石1個につき10 VP&lt;/li&gt;&lt;li&gt;栄誉ボーナス：ペナルティ1つにつき−10 VP。脱出1位は30 VP、2位は10 VP（同じラウンドに脱出したプレイヤーはひとつ下の順位のVP）、脱出しなければ−20 VP（一人用：脱出で30 VP）&lt;/li&gt;&lt;li&gt;ルートボーナス：2つの座標を通路でつないだ目標カード1枚につき15 VP&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;同点の場合は○を多く記入したプレイヤーの勝ちです。一人用の目標：300 VP。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>Saves</name>
    <message>
        <source>The game could not be saved as %1. %2</source>
        <translation>ゲームを %1 として保存できませんでした。%2</translation>
    </message>
    <message>
        <source>This file is not an In the Ruin game record, or it is damaged (%1).</source>
        <translation>このファイルはインザルーインの記録ではないか、破損しています（%1）。</translation>
    </message>
    <message>
        <source>round %1, seat %2</source>
        <translation>ラウンド%1、プレイヤー%2</translation>
    </message>
    <message>
        <source>This game record breaks rule %1 (%2): %3</source>
        <translation>この記録はルール %1 に違反しています（%2）：%3</translation>
    </message>
    <message>
        <source>The autosave could not be read (%1). It was kept as %2 and a new one was started.</source>
        <translation>自動保存を読み込めませんでした（%1）。元のファイルを %2 として残し、新しい自動保存を開始しました。</translation>
    </message>
    <message>
        <source>The autosave could not be read (%1).</source>
        <translation>自動保存を読み込めませんでした（%1）。</translation>
    </message>
    <message>
        <source>It could not be copied aside and was left as it was.</source>
        <translation>別の場所に写せなかったため、そのまま残してあります。</translation>
    </message>
    <message>
        <source>The file was kept as %1.</source>
        <translation>元のファイルを %1 として残しました。</translation>
    </message>
    <message>
        <source>The choices confirmed in the unfinished round could not be read; that round starts again.</source>
        <translation>途中のラウンドで確定した選択を読み込めなかったため、そのラウンドをやり直します。</translation>
    </message>
</context>
<context>
    <name>SeatCare</name>
    <message>
        <source>Seats…</source>
        <translation>席…</translation>
    </message>
    <message>
        <source>Invite a player&apos;s seat again, or let a computer play it</source>
        <translation>プレイヤーの席を招待し直すか、コンピュータに打たせます</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy the new invite, to send it to the player</source>
        <translation>新しい招待をコピーして、プレイヤーに送ります</translation>
    </message>
    <message>
        <source>New invite for seat %1: %2</source>
        <translation>席%1 の新しい招待：%2</translation>
    </message>
    <message>
        <source>%1 (seat %2) is away since %3: the table waits.</source>
        <translation>%1（席%2）は %3 から離席中です。テーブルは待っています。</translation>
    </message>
    <message>
        <source>Seat %2 (%1) waits for a new player since %3.</source>
        <translation>席%2（%1）は %3 から新しいプレイヤーを待っています。</translation>
    </message>
    <message>
        <source>Let a computer play</source>
        <translation>コンピュータに打たせる</translation>
    </message>
    <message>
        <source>Computer (%1)</source>
        <translation>コンピュータ（%1）</translation>
    </message>
    <message>
        <source>Invite again…</source>
        <translation>招待し直す…</translation>
    </message>
    <message>
        <source>End the game…</source>
        <translation>ゲームを終了…</translation>
    </message>
    <message>
        <source>End the game now: every seat&apos;s score so far is its final score</source>
        <translation>今ゲームを終了します（各席のその時点の得点が最終得点になります）</translation>
    </message>
    <message>
        <source>End the game now…</source>
        <translation>今ゲームを終了…</translation>
    </message>
    <message>
        <source>Seat %1 (%2)</source>
        <translation>席%1（%2）</translation>
    </message>
    <message>
        <source>%1: invite again…</source>
        <translation>%1：招待し直す…</translation>
    </message>
    <message>
        <source>%1: let a computer (%2) play now</source>
        <translation>%1：今すぐコンピュータ（%2）に打たせる</translation>
    </message>
</context>
<context>
    <name>SeatsTable</name>
    <message>
        <source>Seat</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Gems</source>
        <translation>宝石</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>shown</source>
        <translation>表示中</translation>
    </message>
    <message>
        <source>Objective
cards</source>
        <translation>目標
カード</translation>
    </message>
    <message>
        <source>show</source>
        <comment>a seat&apos;s final sheet, at a click</comment>
        <translation>表示</translation>
    </message>
    <message>
        <source>Click to see this seat&apos;s final sheet</source>
        <translation>クリックでこのプレイヤーの最終シートを表示</translation>
    </message>
    <message>
        <source>escaped</source>
        <translation>脱出済み</translation>
    </message>
    <message>
        <source>thinking…</source>
        <translation>思考中…</translation>
    </message>
    <message>
        <source>deciding</source>
        <translation>選択中</translation>
    </message>
    <message>
        <source>human</source>
        <translation>人間</translation>
    </message>
    <message>
        <source>computer</source>
        <translation>コンピュータ</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>SheetScene</name>
    <message>
        <source>Square bonus: %1 VP</source>
        <translation>スクエアボーナス：%1VP</translation>
    </message>
    <message>
        <source>Escaping ✓</source>
        <translation>脱出する ✓</translation>
    </message>
    <message>
        <source>Escape</source>
        <translation>脱出</translation>
    </message>
    <message>
        <source>Release to draw here (Esc, or a release off the sheet, puts it back).</source>
        <translation>ボタンを離すと、ここに記入（Esc かシートの外で離すと取り消し）。</translation>
    </message>
    <message>
        <source>Click or press Enter to draw this setup piece here (R rotate, F mirror).</source>
        <translation>クリックかEnterで、この準備のピースをここに記入（R：回転、F：反転）。</translation>
    </message>
    <message>
        <source>Click or press Enter to draw this cell.</source>
        <translation>クリックかEnterで、このマスに記入。</translation>
    </message>
    <message>
        <source>Click or press Enter to draw here (R rotate, F mirror, Space roads/walls).</source>
        <translation>クリックかEnterで、ここに記入（R：回転、F：反転、Space：○/■）。</translation>
    </message>
    <message>
        <source>Not reachable this turn: the adventurer moves along roads and gates.</source>
        <translation>このラウンドでは届きません：コマは通路とゲートの上のみ移動します。</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s): click or press Enter to move here.</source>
        <translation>
            <numerusform>%nマス：クリックかEnterで、ここへ移動。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SheetView</name>
    <message>
        <source>Map sheet</source>
        <translation>シート</translation>
    </message>
    <message>
        <source>Your map, 11 rows by 11 columns</source>
        <translation>あなたのマップ（11行×11列）</translation>
    </message>
    <message>
        <source>Arrow keys move around the map. L says where you are; 1 reads the row, 2 the column, 3 the card line, 4 the piece in hand; S the score, O your objectives, T the seats. J jumps to a cell by its row and column. Enter draws or moves here. Shift+F1 lists every key.</source>
        <translation>矢印キーでマップ上を移動します。Lで現在地、1で行、2で列、3で場の列、4で手元のピース、Sで得点、Oで目標カード、Tで各プレイヤーを読み上げます。Jで行と列を指定してマスへ移動します。Enterでここに記入または移動します。Shift+F1ですべてのキーを一覧できます。</translation>
    </message>
</context>
<context>
    <name>SheetWords</name>
    <message>
        <source>Column %1</source>
        <translation>%1列</translation>
    </message>
    <message>
        <source>Row %1</source>
        <translation>%1行</translation>
    </message>
    <message>
        <source>The piece in hand: %1. Arrow keys move it, R turns it, F mirrors it, Space switches roads and walls, Enter draws it.</source>
        <translation>手元のピース：%1。矢印キーで動かし、Rで回転、Fで反転、Spaceで通路と壁を切り替え、Enterで記入します。</translation>
    </message>
    <message>
        <source>Action C: one wall next to a cell filled before this round, instead of the card&apos;s piece, for a penalty. Arrow keys move it, Enter draws it, C goes back to the piece.</source>
        <translation>行動C：カードのピースの代わりに、このラウンドより前に記入したマスの隣に壁を1マス描き、ペナルティを1つ受けます。矢印キーで動かし、Enterで記入、Cでピースに戻ります。</translation>
    </message>
    <message>
        <source>The +1 cell: one road or wall next to a filled cell. Arrow keys move it, Space switches roads and walls, Enter draws it.</source>
        <translation>＋1マス：記入済みのマスの隣に通路か壁を1マス。矢印キーで動かし、Spaceで通路と壁を切り替え、Enterで記入します。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>. </source>
        <translation>。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>row %1, column %2</source>
        <translation>%1行%2列</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空き</translation>
    </message>
    <message>
        <source>road</source>
        <translation>通路</translation>
    </message>
    <message>
        <source>wall</source>
        <translation>壁</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>ゲート</translation>
    </message>
    <message>
        <source>destination %1, traced</source>
        <translation>目的地%1（有効）</translation>
    </message>
    <message>
        <source>destination %1, gem collected</source>
        <translation>目的地%1（宝石獲得済み）</translation>
    </message>
    <message>
        <source>destination %1, walled in</source>
        <translation>目的地%1（壁で無効）</translation>
    </message>
    <message>
        <source>destination %1</source>
        <translation>目的地%1</translation>
    </message>
    <message>
        <source>drawn this turn</source>
        <translation>この手番で記入</translation>
    </message>
    <message>
        <source>the exit</source>
        <translation>出入口</translation>
    </message>
    <message>
        <source>destination %1, gem collected by %2</source>
        <translation>目的地%1（宝石は%2が獲得）</translation>
    </message>
    <message>
        <source>your adventurer</source>
        <translation>あなたのコマ</translation>
    </message>
    <message>
        <source>steps away: %1</source>
        <translation>%1マス先</translation>
    </message>
    <message>
        <source>a warp target</source>
        <translation>ワープ先</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>column %1: %2</source>
        <translation>%1列：%2</translation>
    </message>
    <message>
        <source>columns %1 to %2: %3</source>
        <translation>%1〜%2列：%3</translation>
    </message>
    <message>
        <source>row %1: %2</source>
        <translation>%1行：%2</translation>
    </message>
    <message>
        <source>rows %1 to %2: %3</source>
        <translation>%1〜%2行：%3</translation>
    </message>
    <message>
        <source>cell %1</source>
        <translation>%1マス目</translation>
    </message>
    <message>
        <source>cells %1 to %2</source>
        <translation>%1〜%2マス目</translation>
    </message>
    <message>
        <source> and </source>
        <translation>と</translation>
    </message>
    <message>
        <source>cells: %1</source>
        <translation>%1マス</translation>
    </message>
    <message>
        <source>%1, %2 wide, %3 high</source>
        <translation>%1、横%2・縦%3</translation>
    </message>
    <message>
        <source>steps: %1</source>
        <translation>移動%1マス</translation>
    </message>
    <message>
        <source>card %1, %2, piece of %3</source>
        <translation>カード%1、%2、ピース：%3</translation>
    </message>
    <message>
        <source>The card line is empty.</source>
        <translation>場の列は空です。</translation>
    </message>
    <message>
        <source>Active: %1</source>
        <translation>参照カード：%1</translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>次：%1</translation>
    </message>
    <message>
        <source>cards left in the deck: %1</source>
        <translation>山札の残り%1枚</translation>
    </message>
    <message>
        <source>Road piece at %1</source>
        <translation>通路のピース：%1</translation>
    </message>
    <message>
        <source>Wall piece at %1</source>
        <translation>壁のピース：%1</translation>
    </message>
    <message>
        <source>: fits</source>
        <translation>：記入できます</translation>
    </message>
    <message>
        <source>: %1</source>
        <translation>：%1</translation>
    </message>
    <message>
        <source>Action C&apos;s wall at %1</source>
        <translation>行動Cの壁：%1</translation>
    </message>
    <message>
        <source>The +1 cell, a road, at %1</source>
        <translation>＋1マスの通路：%1</translation>
    </message>
    <message>
        <source>The +1 cell, a wall, at %1</source>
        <translation>＋1マスの壁：%1</translation>
    </message>
    <message>
        <source>Setup: draw your setup pieces.</source>
        <translation>準備：準備のピースを記入します。</translation>
    </message>
    <message>
        <source>Draw this round&apos;s piece.</source>
        <translation>このラウンドのピースを記入します。</translation>
    </message>
    <message>
        <source>Draw the +1 cell.</source>
        <translation>＋1マスを記入します。</translation>
    </message>
    <message>
        <source>Move your adventurer, then confirm.</source>
        <translation>コマを移動して確定します。</translation>
    </message>
    <message>
        <source>Waiting for the other seats.</source>
        <translation>ほかのプレイヤーを待っています。</translation>
    </message>
    <message>
        <source>Adventurer at %1</source>
        <translation>コマは%1</translation>
    </message>
    <message>
        <source>gems: %1</source>
        <translation>宝石%1個</translation>
    </message>
    <message>
        <source>penalties: %1</source>
        <translation>ペナルティ%1</translation>
    </message>
    <message>
        <source>round %1, stage %2</source>
        <translation>ステージ%2・ラウンド%1</translation>
    </message>
    <message>
        <source>No sheet is shown.</source>
        <translation>シートは表示されていません。</translation>
    </message>
    <message>
        <source>No piece in hand.</source>
        <translation>手元にピースはありません。</translation>
    </message>
</context>
<context>
    <name>SideColumn</name>
    <message>
        <source>Announcements, seats and score sheet</source>
        <translation>宣言・プレイヤー・得点シート</translation>
    </message>
</context>
<context>
    <name>StatsWindow</name>
    <message>
        <source>All human players</source>
        <translation>人間のプレイヤー全員</translation>
    </message>
    <message>
        <source>%1 (you)</source>
        <translation>%1（あなた）</translation>
    </message>
    <message>
        <source>No games yet</source>
        <translation>まだゲームがありません</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>Personal best</source>
        <translation>自己ベスト</translation>
    </message>
    <message>
        <source>300 VP challenge</source>
        <translation>300 VPチャレンジ</translation>
    </message>
    <message>
        <source>Squares</source>
        <translation>スクエア</translation>
    </message>
    <message>
        <source>Gems</source>
        <translation>宝石</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>ルート</translation>
    </message>
    <message>
        <source>Honour</source>
        <translation>栄誉</translation>
    </message>
    <message>
        <source>below 300 VP</source>
        <translation>300 VP未満</translation>
    </message>
    <message>
        <source>300 VP or more</source>
        <translation>300 VP以上</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%2戦%1勝</translation>
    </message>
    <message>
        <source>No games against the computer yet</source>
        <translation>コンピュータとの対戦はまだありません</translation>
    </message>
    <message>
        <source>Beginner</source>
        <translation>初級</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>中級</translation>
    </message>
    <message>
        <source>Expert</source>
        <translation>上級</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>ランダム</translation>
    </message>
    <message>
        <source>No finished games yet.</source>
        <translation>終了したゲームはまだありません。</translation>
    </message>
    <message numerus="yes">
        <source>%n game(s); best %1 VP; mean %2 VP; %3 at or above 300 VP</source>
        <translation>
            <numerusform>%nゲーム、ベスト %1 VP、平均 %2 VP、300 VP以上 %3回</numerusform>
        </translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>戦績</translation>
    </message>
    <message>
        <source>Player:</source>
        <translation>プレイヤー：</translation>
    </message>
    <message>
        <source>Totals over time</source>
        <translation>合計VPの推移</translation>
    </message>
    <message>
        <source>Wins against each computer level</source>
        <translation>コンピュータのレベル別勝率</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>ゲーム</translation>
    </message>
    <message>
        <source>VP</source>
        <translation>VP</translation>
    </message>
    <message>
        <source>Breakdown per game</source>
        <translation>ゲームごとの内訳</translation>
    </message>
    <message>
        <source>Totals</source>
        <translation>合計VPの分布</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>ゲーム数</translation>
    </message>
    <message>
        <source>Win rate %</source>
        <translation>勝率 %</translation>
    </message>
</context>
<context>
    <name>Storage</name>
    <message>
        <source>The disk is full.</source>
        <translation>ディスクがいっぱいです。</translation>
    </message>
    <message>
        <source>The folder %1 is read-only.</source>
        <translation>フォルダー %1 は読み取り専用です。</translation>
    </message>
    <message>
        <source>There is no permission to write in %1.</source>
        <translation>%1 に書き込む権限がありません。</translation>
    </message>
    <message>
        <source>%1 is a file, not a folder.</source>
        <translation>%1 はフォルダーではなくファイルです。</translation>
    </message>
    <message>
        <source>Another program is using %1.</source>
        <translation>別のプログラムが %1 を使用中です。</translation>
    </message>
    <message>
        <source>%1 is damaged.</source>
        <translation>%1 は破損しています。</translation>
    </message>
    <message>
        <source>%1 could not be written (%2).</source>
        <translation>%1 に書き込めませんでした（%2）。</translation>
    </message>
</context>
<context>
    <name>TableNarrator</name>
    <message>
        <source>A new game: %1.</source>
        <translation>新しいゲーム：%1。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>Now: %1.</source>
        <translation>現在：%1。</translation>
    </message>
    <message>
        <source>%1 has decided.</source>
        <translation>%1が手番を決めました。</translation>
    </message>
    <message>
        <source>Pass the computer to %1; the sheet is covered until they take it.</source>
        <translation>%1にパソコンを渡してください。受け取るまでシートは隠れています。</translation>
    </message>
    <message>
        <source>route complete</source>
        <translation>ルート達成中</translation>
    </message>
    <message>
        <source>route not complete</source>
        <translation>ルート未達成</translation>
    </message>
    <message>
        <source>New objective card: %1, %2.</source>
        <translation>新しい目標カード：%1、%2。</translation>
    </message>
    <message>
        <source>%1, your turn.</source>
        <translation>%1さんの番です。</translation>
    </message>
    <message>
        <source>Active card %1.</source>
        <translation>参照カード%1。</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>ゲーム終了。</translation>
    </message>
    <message>
        <source>Winner: %1.</source>
        <translation>勝者：%1。</translation>
    </message>
    <message>
        <source>%1: %2 VP.</source>
        <translation>%1：%2 VP。</translation>
    </message>
</context>
<context>
    <name>TableReturn</name>
    <message>
        <source>Return to the table you were invited to (seat %1)</source>
        <translation>招待されたテーブルに戻る（席%1）</translation>
    </message>
    <message>
        <source>Return to the table at %1 (seat %2)</source>
        <translation>%1 のテーブルに戻る（席%2）</translation>
    </message>
    <message>
        <source>At the table: %1</source>
        <translation>テーブルのプレイヤー：%1</translation>
    </message>
    <message>
        <source>The table at %1 no longer knows your seat: its game is over, or the host opened a new table there.</source>
        <translation>%1 のテーブルにはもうあなたの席がありません。ゲームが終わったか、ホストが新しいテーブルを開いています。</translation>
    </message>
    <message>
        <source>The table at %1 does not answer: the host may have closed it, or its computer is off or on another network.</source>
        <translation>%1 のテーブルから応答がありません。ホストがテーブルを閉じたか、ホストのコンピューターの電源が切れているか、別のネットワークにあるのかもしれません。</translation>
    </message>
    <message>
        <source>Return to the table</source>
        <translation>テーブルに戻る</translation>
    </message>
    <message>
        <source>You were playing at a table you were invited to, seat %1. Return to your seat?</source>
        <translation>招待されたテーブル（席%1）でプレイ中でした。席に戻りますか？</translation>
    </message>
    <message>
        <source>You were playing at a table across laptops: %1, seat %2. Return to your seat?</source>
        <translation>ネットワーク対戦のテーブル（%1、席%2）でプレイ中でした。席に戻りますか？</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>今はしない</translation>
    </message>
    <message>
        <source>Forget this table</source>
        <translation>このテーブルを忘れる</translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message>
        <source>the cells are not a rotation or reflection of the card</source>
        <translation>カードのピースを回転・反転した形になっていません</translation>
    </message>
    <message>
        <source>a cell is off the grid</source>
        <translation>グリッドからはみ出すマスがあります</translation>
    </message>
    <message>
        <source>a cell is already filled</source>
        <translation>記入済みのマスに重なっています</translation>
    </message>
    <message>
        <source>the piece touches no cell filled before this round</source>
        <translation>このラウンドより前に記入したマスに隣接していません</translation>
    </message>
    <message>
        <source>road would make a 2x2 block</source>
        <translation>○が縦横2×2マスに並んでしまいます</translation>
    </message>
    <message>
        <source>action C&apos;s wall must be on the grid</source>
        <translation>行動Cの■はグリッド内に記入します</translation>
    </message>
    <message>
        <source>that cell is already filled</source>
        <translation>そのマスは記入済みです</translation>
    </message>
    <message>
        <source>action C&apos;s wall must touch a cell filled before this round</source>
        <translation>行動Cの■は、このラウンドより前に記入したマスに隣接させます</translation>
    </message>
    <message>
        <source>action C draws exactly one wall</source>
        <translation>行動Cで記入する■は1マスだけです</translation>
    </message>
    <message>
        <source>drawing nothing is allowed only when A, B and C are all impossible</source>
        <translation>何も記入しないのは、行動A・B・Cがすべてできない場合だけです</translation>
    </message>
    <message>
        <source>there is no single cell to draw now</source>
        <translation>今は1マスだけ記入する場面ではありません</translation>
    </message>
    <message>
        <source>this turn&apos;s draw is already made</source>
        <translation>このラウンドの記入は済んでいます</translation>
    </message>
    <message>
        <source>draw first (A, B or C), then move</source>
        <translation>先に記入（行動A・B・C）してから移動します</translation>
    </message>
    <message>
        <source>the +1 cell must be on the grid</source>
        <translation>＋1マスはグリッド内に記入します</translation>
    </message>
    <message>
        <source>the +1 cell must be empty</source>
        <translation>＋1マスは空いているマスに記入します</translation>
    </message>
    <message>
        <source>the +1 cell must touch a filled cell</source>
        <translation>＋1マスは記入済みのマスに隣接させます</translation>
    </message>
    <message>
        <source>take the +1 cell special action first</source>
        <translation>先に特別アクション「＋1マス記入」を選んでください</translation>
    </message>
    <message>
        <source>draw the +1 cell (or undo the special action) first</source>
        <translation>先に＋1マスを記入してください（または特別アクションを取り消す）</translation>
    </message>
    <message>
        <source>that objective card is not in your hand</source>
        <translation>その目標カードは手元にありません</translation>
    </message>
    <message>
        <source>a special action is paid with exactly one objective card</source>
        <translation>特別アクションには目標カード1枚を捨て札にします</translation>
    </message>
    <message>
        <source>one special action per round, paid with one objective card, after the draw</source>
        <translation>特別アクションは各ラウンド1回、記入の後に目標カード1枚を捨て札にして行います</translation>
    </message>
    <message>
        <source>only one special action per round</source>
        <translation>特別アクションは各ラウンド1回のみです</translation>
    </message>
    <message>
        <source>only one warp step, and only with the warp special action</source>
        <translation>ワープは1回だけ、特別アクション「ワープ移動」を選んだ場合のみです</translation>
    </message>
    <message>
        <source>the adventurer moves at most the card&apos;s number of steps</source>
        <translation>コマはカードの数字のマス数までしか移動できません</translation>
    </message>
    <message>
        <source>the adventurer cannot leave the grid</source>
        <translation>コマはグリッドの外に出られません</translation>
    </message>
    <message>
        <source>the adventurer moves only along roads and gates</source>
        <translation>コマは通路とゲートの上のみ移動できます</translation>
    </message>
    <message>
        <source>the adventurer moves one adjacent cell at a time</source>
        <translation>コマは隣接するマスへ1マスずつ移動します</translation>
    </message>
    <message>
        <source>that cell is not reachable with this card&apos;s steps</source>
        <translation>このカードの数字ではそのマスに届きません</translation>
    </message>
    <message>
        <source>no escape in stage 1</source>
        <translation>前半ステージでは脱出できません</translation>
    </message>
    <message>
        <source>escape only with the adventurer on the exit</source>
        <translation>脱出できるのはコマが出入口にいるときだけです</translation>
    </message>
    <message>
        <source>escape only in stage 2 with the adventurer on the exit</source>
        <translation>脱出できるのは後半ステージで、コマが出入口にいるときだけです</translation>
    </message>
    <message>
        <source>this seat has escaped and takes no more turns</source>
        <translation>このプレイヤーは脱出済みで、もう手番はありません</translation>
    </message>
    <message>
        <source>every seat still playing takes its step 1</source>
        <translation>脱出していないプレイヤー全員がステップ1を行います</translation>
    </message>
    <message>
        <source>keep exactly two of the four objective cards</source>
        <translation>4枚の目標カードのうち、ちょうど2枚を残します</translation>
    </message>
    <message>
        <source>draw every setup card: roads first, then walls</source>
        <translation>準備のカードをすべて記入します（先に○、次に■）</translation>
    </message>
    <message>
        <source>choose one of your setup cards not drawn yet</source>
        <translation>まだ記入していない準備のカードを選んでください</translation>
    </message>
    <message>
        <source>road pieces are drawn first, then wall pieces</source>
        <translation>○のピースを先に、■のピースを後に記入します</translation>
    </message>
    <message>
        <source>each later setup piece must touch a setup cell drawn before it</source>
        <translation>2枚目以降の準備のピースは、先に記入したマスに隣接させます</translation>
    </message>
    <message>
        <source>the first road piece must cover the exit</source>
        <translation>最初の○のピースは出入口を含めて記入します</translation>
    </message>
    <message>
        <source>every setup piece is drawn</source>
        <translation>準備のピースはすべて記入済みです</translation>
    </message>
    <message>
        <source>setup is over</source>
        <translation>準備は終わっています</translation>
    </message>
    <message>
        <source>step 1 begins once every seat&apos;s setup is done</source>
        <translation>全員の準備が終わるとステップ1が始まります</translation>
    </message>
    <message>
        <source>there is no active card: the stage is over</source>
        <translation>参照カードがありません：このステージは終わりです</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Not allowed: %1.</source>
        <translation>できません：%1。</translation>
    </message>
    <message>
        <source>Rule %1 (Help ▸ Rules Summary)</source>
        <translation>ルール %1（ヘルプ ▸ ルールサマリー）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>roads ○</source>
        <translation>通路 ○</translation>
    </message>
    <message>
        <source>walls ■</source>
        <translation>壁 ■</translation>
    </message>
    <message>
        <source>random</source>
        <translation>ランダム</translation>
    </message>
    <message>
        <source>beginner</source>
        <translation>初級</translation>
    </message>
    <message>
        <source>standard</source>
        <translation>中級</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>上級</translation>
    </message>
    <message>
        <source>%1 collected a gem at %2.</source>
        <translation>%1が座標%2で宝石を獲得しました。</translation>
    </message>
    <message>
        <source>%1 escaped from the ruin.</source>
        <translation>%1が遺跡から脱出しました。</translation>
    </message>
    <message>
        <source>New destination: %1.</source>
        <translation>新たな目的地：%1。</translation>
    </message>
    <message>
        <source>The ruin collapses: card %1 is discarded.</source>
        <translation>遺跡の崩壊：探索カード%1を捨て札にしました。</translation>
    </message>
    <message>
        <source>Card %1 is discarded.</source>
        <translation>探索カード%1を捨て札にしました。</translation>
    </message>
    <message>
        <source>Stage 2 begins: every seat scored its first square bonus.</source>
        <translation>後半ステージ開始：全員が前半のスクエアボーナスを記入しました。</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>ゲーム終了です。</translation>
    </message>
    <message>
        <source>Setup is over</source>
        <translation>準備終了</translation>
    </message>
    <message>
        <source>Round %1 is over</source>
        <translation>ラウンド%1終了</translation>
    </message>
    <message>
        <source>%1 is walled</source>
        <translation>%1 が壁になっています</translation>
    </message>
    <message>
        <source>a road on %1 would close a 2×2 block</source>
        <translation>%1 に通路を引くと2×2のかたまりができます</translation>
    </message>
    <message>
        <source>walls cut the two letters apart</source>
        <translation>壁が2つの座標を分断しています</translation>
    </message>
</context>
<context>
    <name>TurnActions</name>
    <message>
        <source>The Expert is still thinking: the hint is not ready yet.</source>
        <translation>エキスパートが考え中です。ヒントはまだ用意できていません。</translation>
    </message>
    <message>
        <source>No hint to use: ask for one first (Hint, or H).</source>
        <translation>使えるヒントがありません。先にヒントを求めてください（ヒント、または H）。</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>元に戻す(&amp;U)</translation>
    </message>
    <message>
        <source>Take back the last thing you did this turn</source>
        <translation>この手番で最後に行った操作を取り消します</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>やり直す(&amp;R)</translation>
    </message>
    <message>
        <source>Do again what you took back</source>
        <translation>取り消した操作をやり直します</translation>
    </message>
    <message>
        <source>&amp;Confirm</source>
        <translation>確定(&amp;C)</translation>
    </message>
    <message>
        <source>End your step 1: what you drew can no longer change</source>
        <translation>ステップ1を終えます：記入したものはもう変えられません</translation>
    </message>
    <message>
        <source>Action &amp;C: 1 wall, +1 penalty</source>
        <translation>行動C：■1マス、ペナルティ＋1(&amp;C)</translation>
    </message>
    <message>
        <source>Draw one wall next to a filled cell instead of the piece, and take a penalty</source>
        <translation>ピースの代わりに、記入済みのマスの隣に■を1マス記入し、ペナルティを受けます</translation>
    </message>
    <message>
        <source>&amp;No draw possible (+1 penalty)</source>
        <translation>記入できない（ペナルティ＋1）(&amp;N)</translation>
    </message>
    <message>
        <source>Only when neither the piece nor action C fits</source>
        <translation>ピースも行動Cも記入できないときだけ</translation>
    </message>
    <message>
        <source>Special: +1 cell…</source>
        <translation>特別：＋1マス記入…</translation>
    </message>
    <message>
        <source>Pay an objective card to draw one more road or wall</source>
        <translation>目標カードを1枚支払い、○か■をもう1マス記入します</translation>
    </message>
    <message>
        <source>Special: warp…</source>
        <translation>特別：ワープ移動…</translation>
    </message>
    <message>
        <source>Pay an objective card to jump once between two gates</source>
        <translation>目標カードを1枚支払い、ゲートからゲートへ1回ワープ移動します</translation>
    </message>
    <message>
        <source>&amp;Escape</source>
        <translation>脱出(&amp;E)</translation>
    </message>
    <message>
        <source>Leave the ruin from the exit (stage 2)</source>
        <translation>出入口から遺跡を脱出します（後半ステージ）</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>ヒント(&amp;H)</translation>
    </message>
    <message>
        <source>Ask the Expert computer player what it would do (a dash-dot outline on your sheet)</source>
        <translation>上級コンピュータならどうするかを聞きます（シート上に一点鎖線の枠で表示）</translation>
    </message>
    <message>
        <source>&amp;Use the hint</source>
        <translation>ヒントどおりにする(&amp;U)</translation>
    </message>
    <message>
        <source>Make the suggested choices for you (you can still undo them)</source>
        <translation>提案どおりに記入・移動します（元に戻すこともできます）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>TurnPanel</name>
    <message>
        <source>Setup</source>
        <translation>準備</translation>
    </message>
    <message>
        <source>Keep two objective cards:</source>
        <translation>残す目標カードを2枚選択：</translation>
    </message>
    <message>
        <source>Choose the explore card to draw next:</source>
        <translation>次に記入する探索カードを選択：</translation>
    </message>
    <message>
        <source>Your step 1</source>
        <translation>あなたのステップ1</translation>
    </message>
    <message>
        <source>Rotate (R)</source>
        <translation>回転 (R)</translation>
    </message>
    <message>
        <source>Mirror (F)</source>
        <translation>反転 (F)</translation>
    </message>
    <message>
        <source>Action C: 1 wall, +1 penalty</source>
        <translation>行動C：■1マス、ペナルティ＋1</translation>
    </message>
    <message>
        <source>No draw possible (+1 penalty)</source>
        <translation>記入できない（ペナルティ＋1）</translation>
    </message>
    <message>
        <source>Special: +1 cell…</source>
        <translation>特別：＋1マス記入…</translation>
    </message>
    <message>
        <source>Special: warp…</source>
        <translation>特別：ワープ移動…</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>やり直す</translation>
    </message>
    <message>
        <source>Use it</source>
        <translation>この手にする</translation>
    </message>
    <message>
        <source>Switch between action A (roads) and action B (walls) (Space)</source>
        <translation>行動A（通路）と行動B（壁）を切り替えます (Space)</translation>
    </message>
    <message>
        <source>Turn the piece a quarter (R; Shift+R or the mouse wheel the other way)</source>
        <translation>ピースを90度回転します（R。逆回転は Shift+R かマウスホイール）</translation>
    </message>
    <message>
        <source>Flip the piece over (F, or a right click)</source>
        <translation>ピースを裏返します（F、または右クリック）</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>確定</translation>
    </message>
    <message>
        <source>draw the card as roads ○ where the dash-dot outline is</source>
        <translation>一点鎖線の枠の位置にピースを○で記入</translation>
    </message>
    <message>
        <source>draw the card as walls ■ where the dash-dot outline is</source>
        <translation>一点鎖線の枠の位置にピースを■で記入</translation>
    </message>
    <message>
        <source>take action C: one wall where the dash-dot square is</source>
        <translation>行動C：一点鎖線の四角の位置に■を1マス記入</translation>
    </message>
    <message>
        <source>draw nothing (no draw is possible)</source>
        <translation>何も記入しない（記入できない）</translation>
    </message>
    <message>
        <source>pay an objective card for the +1 cell (outlined too)</source>
        <translation>目標カードを捨て札にして＋1マス記入（これも枠で表示）</translation>
    </message>
    <message>
        <source>pay an objective card for a warp</source>
        <translation>目標カードを捨て札にしてワープ移動</translation>
    </message>
    <message numerus="yes">
        <source>move %n step(s) to the ringed cell</source>
        <translation>
            <numerusform>丸で囲んだマスへ%nマス移動</numerusform>
        </translation>
    </message>
    <message>
        <source>stay where you are</source>
        <translation>移動しない</translation>
    </message>
    <message>
        <source>escape</source>
        <translation>脱出</translation>
    </message>
    <message>
        <source>Hint: %1.</source>
        <translation>ヒント：%1。</translation>
    </message>
    <message>
        <source>, then </source>
        <translation>、次に</translation>
    </message>
    <message>
        <source> and </source>
        <translation> と </translation>
    </message>
    <message>
        <source>Hint: keep %1 and draw the outlined pieces.</source>
        <translation>ヒント：%1 を残し、枠で示したピースを記入。</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>思考中…</translation>
    </message>
    <message>
        <source>Hint</source>
        <translation>ヒント</translation>
    </message>
    <message>
        <source>Drawing: %1 (Space)</source>
        <translation>記入：%1 (Space)</translation>
    </message>
    <message>
        <source>Escaping ✓</source>
        <translation>脱出する ✓</translation>
    </message>
    <message>
        <source>Escape</source>
        <translation>脱出</translation>
    </message>
    <message>
        <source>⚠ Your wall covers destination %1: your adventurer can never stand there, so its gem cannot be collected on your sheet (%2). Walls may cover letters (%3); undo if you did not mean it.</source>
        <translation>⚠ あなたの壁が目的地%1を覆いました。探索者はそこに止まれないため、あなたのシートではその宝石を取れません（%2）。壁は文字のマスも覆えます（%3）。意図しなかった場合は元に戻してください。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>The game starts as soon as every player has joined the table.</source>
        <translation>全員がテーブルに参加すると、ゲームが始まります。</translation>
    </message>
    <message>
        <source>Start a new game from the Game menu.</source>
        <translation>「ゲーム」メニューから新しいゲームを始めてください。</translation>
    </message>
    <message>
        <source>The game is over. Click a seat in the Seats tab to see its sheet.</source>
        <translation>ゲーム終了です。「プレイヤー」タブの行をクリックすると、そのプレイヤーのシートを表示します。</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>ゲーム終了です。</translation>
    </message>
    <message>
        <source>Waiting for the next player.</source>
        <translation>次のプレイヤーを待っています。</translation>
    </message>
    <message>
        <source>Computer seats are thinking…</source>
        <translation>コンピュータが思考中…</translation>
    </message>
    <message>
        <source>Waiting…</source>
        <translation>待機中…</translation>
    </message>
    <message>
        <source>Keep two objective cards, then confirm your setup.</source>
        <translation>目標カードを2枚残し、準備を確定してください。</translation>
    </message>
    <message>
        <source>Solo setup: two cards as roads, two as walls. First draw a road card covering the exit.</source>
        <translation>一人用の準備：2枚を通路 ○、2枚を壁 ■ で記入します。まず出入口を含めて通路のカードを記入します。</translation>
    </message>
    <message>
        <source>Draw a card as roads covering the exit (the other card becomes walls).</source>
        <translation>1枚を出入口を含めて○で記入します（もう1枚は■になります）。</translation>
    </message>
    <message>
        <source>Draw your second road card, touching your roads.</source>
        <translation>2枚目の○のカードを、通路に隣接させて記入します。</translation>
    </message>
    <message>
        <source>Now draw your two other cards as walls, each touching your setup cells.</source>
        <translation>残りの2枚を壁 ■ で、それぞれ準備で記入したマスに隣接させて記入します。</translation>
    </message>
    <message>
        <source>Draw your other card as walls, touching your setup cells.</source>
        <translation>もう1枚を壁 ■ で、準備で記入したマスに隣接させて記入します。</translation>
    </message>
    <message>
        <source>Draw the active card&apos;s piece as roads (A) or walls (B), or take action C.</source>
        <translation>参照カードを○（行動A）か■（行動B）で記入するか、行動Cを選びます。</translation>
    </message>
    <message>
        <source>Draw the +1 cell: a road or wall next to any filled cell (Space switches).</source>
        <translation>＋1マス記入：記入済みのマスに隣接して○か■を記入（Spaceで切り替え）。</translation>
    </message>
    <message>
        <source>Move the adventurer (shaded cells: the steps needed), then confirm. Special actions: one per round.</source>
        <translation>コマを移動して確定します（色付きのマス：必要な歩数）。特別アクションは各ラウンド1回。</translation>
    </message>
</context>
<context>
    <name>TutorialHost</name>
    <message>
        <source>&amp;Tutorial…</source>
        <translation>チュートリアル(&amp;T)…</translation>
    </message>
    <message>
        <source>A guided first game: learn the rules by playing</source>
        <translation>ガイド付きの最初のゲーム：遊びながらルールを覚えます</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
</context>
<context>
    <name>TutorialPanel</name>
    <message>
        <source>Welcome to In the Ruin! You draw a ruin on your map sheet, walk your adventurer to lettered destinations for gems, link letters for objective cards and escape before the ruin collapses. This guided game teaches you by doing; skip any step you already know.</source>
        <translation>インザルーインへようこそ！ シートに遺跡を描き、探索者（コマ）を座標の目的地へ歩かせて宝石を集め、目標カードの座標どうしを通路でつなぎ、遺跡が崩れる前に脱出します。このガイド付きゲームでは実際に手を動かして覚えます。知っているステップは飛ばしてかまいません。</translation>
    </message>
    <message>
        <source>Setup. You were dealt four objective cards: keep two (tick them). Each scores 15 VP at the end if roads join its two letters.</source>
        <translation>準備。目標カードが4枚配られました。2枚を残します（チェックを入れます）。ゲーム終了時に2つの座標が通路でつながっていれば、1枚につき15 VPです。</translation>
    </message>
    <message>
        <source>Solo, two cards become roads and two become walls ■. Draw your second road card touching your roads, then your two wall cards touching what you drew.</source>
        <translation>一人用では2枚が通路、2枚が壁 ■ になります。2枚目の通路のカードを通路に隣接させて記入し、続いて壁のカード2枚を記入済みのマスに隣接させて記入します。</translation>
    </message>
    <message>
        <source>Keep two objective cards if you have not yet, then confirm your setup.</source>
        <translation>目標カードをまだ2枚選んでいなければ選び、準備を確定します。</translation>
    </message>
    <message>
        <source>The line: three face-up explore cards. The highlighted one, farthest from the deck, is the active card: this round everyone draws its piece, and its number is how far you may walk.</source>
        <translation>場の列：表向きの探索カード3枚です。山札から最も離れた強調表示のカードが参照カードです。このラウンドは全員がそのピースを記入し、その数字が移動できるマス数になります。</translation>
    </message>
    <message>
        <source>Now draw the active card as roads ○ (action A), touching your earlier cells. Space switches to walls ■ (action B).</source>
        <translation>参照カードを通路 ○（行動A）で、前に記入したマスに隣接させて記入しましょう。Space で壁 ■（行動B）に切り替わります。</translation>
    </message>
    <message>
        <source>Confirm your step 1 (Confirm, or Ctrl+Enter). The round is played.</source>
        <translation>ステップ1を確定します（確定、または Ctrl+Enter）。ラウンドが進みます。</translation>
    </message>
    <message>
        <source>When the active card fits nowhere useful, action C draws one wall next to your cells instead, at the cost of a penalty (−10 VP). Try it once: click “Action C” and then a cell.</source>
        <translation>参照カードをうまく置けないときは、行動Cでピースの代わりに記入済みのマスの隣へ■を1マス記入できます。代わりにペナルティ（−10 VP）を受けます。一度試してみましょう：「行動C」を押してからマスをクリックします。</translation>
    </message>
    <message>
        <source>Pick one of your explore cards and draw it as roads ○ so that it covers the exit (the framed cell with a door, in the middle). Move the piece with the mouse, turn it with R or the wheel, mirror it with F or a right click, and click to draw.</source>
        <translation>探索カードを1枚選び、出入口（中央の、扉の印がある枠付きのマス）を含むように通路 ○ で記入します。ピースはマウスで動かし、R かホイールで回転、F か右クリックで反転し、クリックで記入します。</translation>
    </message>
    <message>
        <source>Try a placement that breaks a rule: one that makes a 2×2 block of roads, or that touches no cell filled before this round. The piece is shown crossed out and hatched; click it anyway and the status bar says why.</source>
        <translation>ルールに反する置き方を試してみましょう。通路で2×2のかたまりができる位置や、このラウンドより前に記入したマスに隣接しない位置です。ピースに×印と斜線が付きます。そのままクリックすると、ステータスバーに理由が表示されます。</translation>
    </message>
    <message>
        <source>Walk: the shaded cells show where your adventurer can go this round; the number in a corner is how many steps it takes. Click one.</source>
        <translation>移動：色付きのマスは、このラウンドに探索者が行けるマスです。隅の数字は必要な歩数です。どれかをクリックします。</translation>
    </message>
    <message>
        <source>End a move on an active destination (a letter on a filled chip, its cell framed) to collect a gem: 10 VP and an objective card. Its letter is done, and a new destination is revealed. Play until you collect one — the Hint button shows what the Expert would do.</source>
        <translation>有効な目的地（塗りつぶした札の座標で、マスが枠で囲まれています）で移動を終えると宝石を獲得します：10 VP と目標カード1枚。その座標は済みになり、新たな目的地が公開されます。1つ獲得するまで遊びましょう。ヒントボタンでエキスパートならどうするかを見られます。</translation>
    </message>
    <message>
        <source>Point at one of your objective cards (below): its two letters are ringed on the map and the best road between them is drawn.</source>
        <translation>下の目標カードのどれかを指してみましょう。その2つの座標がマップ（シート）上で丸で囲まれ、それを結ぶ最善の通路が描かれます。</translation>
    </message>
    <message>
        <source>Special actions: once a round you may pay an objective card for +1 cell (one more road or wall) or a warp between gates. Try +1 cell: click “Special: +1 cell…”, pay with the card offered (the cheapest), then draw the cell.</source>
        <translation>特別アクション：各ラウンド1回、目標カードを1枚支払って＋1マス記入（○か■をもう1マス）か、ゲート間のワープ移動ができます。＋1マス記入を試してみましょう。「特別：＋1マス記入…」をクリックし、示されたカード（最も損の少ないもの）で支払ってから、そのマスを記入します。</translation>
    </message>
    <message>
        <source>Play on. When the line runs out, stage 1 ends: your largest filled rectangle scores its square bonus (a traced letter that is not a road breaks it), and stage 2 begins.</source>
        <translation>このまま遊び続けましょう。場の列がなくなると前半ステージが終わり、記入済みのいちばん大きな長方形がスクエアボーナスになります（通路でない目的地の座標があると長方形は途切れます）。そして後半ステージが始まります。</translation>
    </message>
    <message>
        <source>Stage 2: walk back to the exit and escape (the Escape button on the exit) before the ruin collapses — solo, escaping scores 30 VP, staying costs 20. Escaping ends your game.</source>
        <translation>後半ステージ：遺跡が崩れる前に出入口へ戻って脱出しましょう（出入口の脱出ボタン）。一人用では脱出で30 VP、脱出できないと−20 VPです。脱出するとゲームは終わります。</translation>
    </message>
    <message>
        <source>That is the whole game! Your final score is on the sheet: squares, gems, honour and routes. Ready for a real game? Game ▸ New Game, or try the Daily Challenge: everyone gets the same cards today, and the goal is 300 VP.</source>
        <translation>これでゲームの流れはすべてです！ 最終得点はシートのとおり、スクエア、宝石、栄誉、ルートの合計です。本番のゲームを始めましょう：ゲーム ▸ 新しいゲーム、またはデイリーチャレンジ（今日は全員が同じカード、目標は300 VP）へどうぞ。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a sentence before a lesson</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>First draw the active card: the shading shows once it is drawn.</source>
        <translation>まず参照カードを記入してください。記入すると、行けるマスに色が付きます。</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>次へ</translation>
    </message>
    <message>
        <source>Skip this step</source>
        <translation>このステップを飛ばす</translation>
    </message>
    <message>
        <source>Leave the tutorial</source>
        <translation>チュートリアルをやめる</translation>
    </message>
    <message>
        <source>The game goes on; Help ▸ Tutorial takes the lessons up again</source>
        <translation>ゲームはそのまま続きます。ヘルプ ▸ チュートリアルでレッスンを再開できます</translation>
    </message>
    <message>
        <source>Tutorial — step %1 of %2</source>
        <translation>チュートリアル — ステップ %1 / %2</translation>
    </message>
    <message>
        <source>✓ Done</source>
        <translation>✓ 完了</translation>
    </message>
    <message>
        <source>Step %1 skipped</source>
        <translation>ステップ%1を省略</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>終了</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>&lt;h1&gt;In the Ruin&lt;/h1&gt;&lt;p&gt;Draw the ruin, collect gems, escape in time.&lt;/p&gt;</source>
        <translation>&lt;h1&gt;インザルーイン&lt;/h1&gt;&lt;p&gt;遺跡のマップを記入し、宝石を集め、崩壊する前に脱出しよう。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>New Game…</source>
        <translation>新しいゲーム…</translation>
    </message>
    <message>
        <source>Daily Challenge</source>
        <translation>デイリーチャレンジ</translation>
    </message>
    <message>
        <source>Open Game…</source>
        <translation>ゲームを開く…</translation>
    </message>
    <message>
        <source>Rules Summary…</source>
        <translation>ルールサマリー…</translation>
    </message>
    <message>
        <source>Tutorial: learn by playing</source>
        <translation>チュートリアル：遊びながら覚える</translation>
    </message>
    <message>
        <source>New here? Start with the tutorial: one short guided game.</source>
        <translation>初めての方は、まずチュートリアルへ。短いガイド付きゲームを1回遊びます。</translation>
    </message>
</context>
</TS>
