#!/usr/bin/env python3
"""The Japanese (and English plural) translations of ruin_qt's UI, applied to
translations/*.ts.

    python packaging/translations.py update   # lupdate: new source strings appear unfinished
    python packaging/ja_glossary.py           # fill ruin_qt_ja.ts / ruin_qt_en.ts from the tables below
    python packaging/ja_glossary.py --check   # exit 1 when a message has no translation here

The terms are the publisher's Japanese rulebook's own (see RULES.md, glossary):
シート, 通路 ○, 壁 ■, ゲート, 出入口, 目的地, 座標, 宝石(トラック), ペナルティトラック,
探索カード, 目標カード, 場の列, 山札, 捨て札, 探索者（コマ）, 脱出, 前半/後半ステージ,
遺跡の崩壊, スクエア/宝石/栄誉/ルートボーナス, 特別アクション：＋1マス記入 / ワープ移動,
勝利点（VP）; actions read 行動A/B/C as in the rulebook.  The active card (the one
the rulebook says every player 参照します) is 参照カード.  Menu mnemonics follow
Japanese applications: ``&New Game…`` → ``新しいゲーム(&N)…``.

Entries are keyed by the English source; a (context, source) key overrides one
context.  A translation an editor already made in a .ts file is replaced only
when this table has the message.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TS_DIR = ROOT / "translations"

JA: dict[str, str] = {
    # --- CardBrowser / CardLineWidget ---------------------------------------------
    "Explore cards": "探索カード",
    "Line (%1)": "場の列（%1）",
    "Discard pile (%1)": "捨て札（%1）",
    "Still in the deck (%1)": "山札に残り（%1）",
    "The deck's order is hidden: its cards are listed alphabetically.":
        "山札の順番は非公開です。カードはアルファベット順に並んでいます。",
    "%1 · %2 steps": "%1 · %2マス",
    "<b>Line</b> (the active card is highlighted, far from the deck)":
        "<b>場の列</b>（山札から最も離れた強調表示のカードを参照）",
    "&Cards…": "カード一覧(&C)…",
    "Step through the line, the discard pile and the cards still in the deck":
        "場の列・捨て札・山札に残っているカードを確認します",
    "Active card: %1, move up to %2 steps": "参照カード：%1（%2マスまで移動可能）",
    "No active card": "参照カードなし",
    # --- GameKeeper ------------------------------------------------------------------
    "The game history could not be read (%1).": "ゲーム履歴を読み込めませんでした（%1）。",
    "It was kept as %1 and a new history was started.": "元のファイルを %1 として残し、新しい履歴を開始しました。",
    "The finished game could not be added to the history (%1).": "終了したゲームを履歴に追加できませんでした（%1）。",
    # --- GameModel (undo steps) ----------------------------------------------------
    "Draw setup piece": "準備のピースを記入",
    "Action A: roads": "行動A：○の記入",
    "Action B: walls": "行動B：■の記入",
    "Action C: one wall": "行動C：1マスのみ■の記入",
    "No draw possible": "記入できない",
    "Special action: +1 cell": "特別アクション：＋1マス記入",
    "Special action: warp": "特別アクション：ワープ移動",
    "Draw the +1 cell": "＋1マスを記入",
    "Move the adventurer": "コマの移動",
    "Escape": "脱出",
    "Stay": "脱出しない",
    "Keep objective card": "目標カードを残す",
    # --- HandoffCover ----------------------------------------------------------------
    "Pass to %1 — click when ready": "%1さんに交代 — 準備ができたらクリック",
    "I am %1: show my sheet": "%1です：シートを表示",
    # --- MainWindow ------------------------------------------------------------------
    "&Game": "ゲーム(&G)",
    "&Turn": "手番(&T)",
    "&View": "表示(&V)",
    "&Help": "ヘルプ(&H)",
    "&New Game…": "新しいゲーム(&N)…",
    "&Daily Challenge": "デイリーチャレンジ(&D)",
    "A solo game dealt from today's date: everyone gets the same cards":
        "今日の日付で配られる一人用ゲーム：全員が同じカードで遊びます",
    "&Open Game…": "ゲームを開く(&O)…",
    "&Save Game As…": "名前を付けて保存(&S)…",
    "Open &Replay…": "リプレイを開く(&R)…",
    "S&tatistics…": "戦績(&T)…",
    "&Quit": "終了(&Q)",
    "&Rules Summary…": "ルールサマリー(&R)…",
    "&About In the Ruin…": "インザルーインについて(&A)…",
    "&Language": "言語(&L)",
    "System language": "システムの言語",
    "&Undo": "元に戻す(&U)",
    "&Redo": "やり直す(&R)",
    "&Confirm": "確定(&C)",
    "Explore &cards…": "探索カード(&C)…",
    "<h1>In the Ruin</h1><p>Draw the ruin, collect gems, escape in time.</p>":
        "<h1>インザルーイン</h1><p>遺跡のマップを記入し、宝石を集め、崩壊する前に脱出しよう。</p>",
    "New Game…": "新しいゲーム…",
    "Daily Challenge": "デイリーチャレンジ",
    "Open Game…": "ゲームを開く…",
    "Rules Summary…": "ルールサマリー…",
    "Announcements": "宣言",
    "Seats": "プレイヤー",
    "In the Ruin": "インザルーイン",
    "In the Ruin — stage %1, round %2": "インザルーイン — ステージ%1・ラウンド%2",
    "Player": "プレイヤー",
    "Save Game": "ゲームを保存",
    "In the Ruin records (*.json)": "インザルーインの記録 (*.json)",
    "Saved %1": "%1 に保存しました",
    "Open Game": "ゲームを開く",
    "In the Ruin records (*.json);;All files (*)": "インザルーインの記録 (*.json);;すべてのファイル (*)",
    "Open Replay": "リプレイを開く",
    "Cannot read %1: %2": "%1 を読み込めません：%2",
    "About In the Ruin": "インザルーインについて",
    "<h3>In the Ruin</h3><p>A digital edition of the flip-and-write game インザルーイン.</p>"
    "<p>Draw roads and walls, collect gems, link your objective cards and escape before the ruin collapses.</p>":
        "<h3>インザルーイン</h3><p>フリップ＆ライトゲーム「インザルーイン」のデジタル版です。</p>"
        "<p>通路と壁を記入して宝石を集め、目標カードの座標を通路でつなぎ、遺跡が崩壊する前に脱出しましょう。</p>",
    "Resume game": "ゲームの再開",
    "A game was interrupted. Continue it where it stopped?": "中断したゲームがあります。続きから再開しますか？",
    "Seed %1": "シード %1",
    "Setup": "準備",
    "Round %1": "ラウンド%1",
    "Nothing to announce.": "宣言はありません。",
    "%1: %2": "%1：%2",
    "Daily challenge %1: your best today is %2 VP": "デイリーチャレンジ %1：今日のベストは %2 VP",
    # --- NewGameDialog -----------------------------------------------------------------
    "Player %1": "プレイヤー%1",
    "New Game": "新しいゲーム",
    "&Seats:": "人数(&S)：",
    "S&eed (optional):": "シード（任意）(&E)：",
    "random": "ランダム",
    "Seat %1:": "プレイヤー%1：",
    "Human": "人間",
    "Computer (%1)": "コンピュータ（%1）",
    "beginner": "初級",
    "standard": "中級",
    "expert": "上級",
    # --- ObjectiveChoiceDialog -------------------------------------------------------
    "Discard which objective card to pay for it?": "どの目標カードを捨て札にしますか？",
    # --- PlayerPanel -------------------------------------------------------------------
    "Gem track": "宝石トラック",
    "Penalty track": "ペナルティトラック",
    "Objective cards (✓ route complete now)": "目標カード（✓ ルート達成中）",
    "Square 1": "スクエア1",
    "Square 2": "スクエア2",
    "Gems": "宝石",
    "Honour": "栄誉",
    "Routes": "ルート",
    "<b>Total</b>": "<b>合計</b>",
    "Score sheet": "得点",
    "Route complete right now": "現在ルート達成中",
    "Route not complete yet": "ルート未達成",
    "Score sheet (final)": "得点（最終）",
    "Score sheet (if the game ended now)": "得点（今ゲームが終わった場合）",
    # --- ReplayWindow ------------------------------------------------------------------
    "No rounds": "ラウンドなし",
    "Final (round %1)": "最終（ラウンド%1）",
    "Round %1 (stage %2)": "ラウンド%1（ステージ%2）",
    "There is nothing to replay in this record.": "この記録には再生できる内容がありません。",
    "Escaped in round %1: no turn.": "ラウンド%1で脱出済み：手番なし。",
    "No turn.": "手番なし。",
    "C: drew one wall and took a penalty.": "C：1マスのみ■を記入し、ペナルティを受けた。",
    "No draw was possible: took a penalty.": "記入できず、ペナルティを受けた。",
    "+1 road": "＋1マス○",
    "+1 wall": "＋1マス■",
    "warp": "ワープ移動",
    "Special action: %1, paid with objective %2.": "特別アクション：%1（目標カード %2 を捨て札）。",
    "Did not move.": "移動しなかった。",
    "Escaped.": "脱出した。",
    "Active card: %1": "参照カード：%1",
    "Step 1": "ステップ1",
    "Step 2: announcements": "ステップ2：宣言",
    "Nothing was announced.": "宣言はなかった。",
    "Every seat has drawn its setup pieces; the marked cells are the setup.":
        "全員が準備のピースを記入した。印のついたマスが準備で記入したマス。",
    "Active destinations: %1": "有効な目的地：%1",
    "Collected: %1": "獲得済み：%1",
    "Line: %1 · deck %2 · discard %3": "場の列：%1 · 山札 %2 · 捨て札 %3",
    "Final scores": "最終得点",
    "Scores if the game ended now": "今ゲームが終わった場合の得点",
    "Penalties": "ペナルティ",
    "Objective cards": "目標カード",
    "Escaped": "脱出",
    "round %1": "ラウンド%1",
    "Square bonus 1": "スクエアボーナス1",
    "Square bonus 2": "スクエアボーナス2",
    "Gems (VP)": "宝石（VP）",
    "Total": "合計",
    "★ wins (R11.5: highest total, then most road/gate cells).":
        "★ 勝者（R11.5：合計が最も高く、同点なら通路・ゲートのマスが多い方）。",
    "Could not save %1": "%1 を保存できませんでした",
    "Export sheet as PNG": "シートをPNGで書き出す",
    "PNG images (*.png)": "PNG画像 (*.png)",
    "This record cannot be read: %1": "この記録を読み込めません：%1",
    "This record breaks a rule during the setup, so there is nothing to replay: %1":
        "この記録は準備の段階でルールに違反しているため、再生できません：%1",
    "the setup": "準備",
    "%1, seat %2": "%1、プレイヤー%2",
    "This record breaks a rule in %1; the replay stops before it. %2":
        "この記録は%1でルールに違反しています。リプレイはその手前で止まります。%2",
    "Replay — %1": "リプレイ — %1",
    "Replay": "リプレイ",
    "Setup (Home)": "準備（Home）",
    "Previous round (Left)": "前のラウンド（←）",
    "Next round (Right)": "次のラウンド（→）",
    "Last round (End)": "最後のラウンド（End）",
    "Round": "ラウンド",
    "Seat": "プレイヤー",
    "Export PNG…": "PNG書き出し…",
    "Save the sheet shown as a PNG image": "表示中のシートをPNG画像で保存します",
    "On the sheet: blue cells were drawn or changed in this round; the dotted line is the adventurer's walk "
    "(its dot marks the start).":
        "シート上の青いマスはこのラウンドに記入・変更されたマス、点線はコマの移動経路です（点が出発地点）。",
    "This record ends before the setup is complete: there is nothing to replay.":
        "この記録は準備が終わる前に途切れているため、再生できる内容がありません。",
    # --- RulesDialog -------------------------------------------------------------------
    "Rules Summary": "ルールサマリー",
    "<h2>In the Ruin — rules summary</h2><p>Each player draws on a private 11×11 map sheet. Score victory "
    "points (VP) with gems, objective routes, big rectangles and an early escape.</p>":
        "<h2>インザルーイン ルールサマリー</h2><p>各プレイヤーは他のプレイヤーに見せない自分のシート"
        "（11×11マス）にマップを記入します。宝石、目標カードのルート、大きな四角形、早い脱出で"
        "勝利点（VP）を得ましょう。</p>",
    "<h3>Setup</h3><p>Keep 2 of your 4 objective cards. Draw one explore card as roads ○ covering the exit, "
    "the other as walls ■ touching a road (solo: two road cards, then two wall cards). The letters on "
    "everyone's setup cards become destinations.</p>":
        "<h3>ゲームの準備</h3><p>配られた目標カード4枚のうち2枚を手元に残します。配られた探索カードの"
        "一方のピースを出入口を含めて○で、もう一方を通路に隣接させて■で記入します（一人用：2枚を○、"
        "2枚を■）。全員の準備のカードの座標が目的地になります。</p>",
    "<h3>Each round: step 1 (secret, everyone at once)</h3><p>The active card is the one farthest from the "
    "deck. Take exactly one action:</p><ul><li><b>A</b>: draw its piece as roads ○ (rotate and mirror "
    "freely);</li><li><b>B</b>: draw it as walls ■;</li><li><b>C</b>: draw one wall anywhere next to a "
    "filled cell, and take a penalty.</li></ul><p>A piece must touch a cell filled before this round and "
    "may not cover a filled cell. Roads never form a 2×2 block. Then move your adventurer up to the card's "
    "number of steps along roads and gates.</p>":
        "<h3>各ラウンド：ステップ1（全員同時・非公開）</h3><p>場の列のうち山札から最も離れた探索カードを"
        "参照し、以下の行動のうちいずれか1つを実行します。</p><ul><li><b>A</b>：ピースを○で記入"
        "（回転・反転は自由）</li><li><b>B</b>：ピースを■で記入</li><li><b>C</b>：記入済みのマスに"
        "隣接する1マスだけに■を記入し、ペナルティを1つ受ける</li></ul><p>ピースはこのラウンドより前に"
        "記入したマスに隣接させ、記入済みのマスには重ねられません。○を縦横2×2マスに並べてはいけません。"
        "その後、カードの数字のマス数まで、通路とゲートの上で探索者（コマ）を移動させます。</p>",
    "<h3>Special actions</h3><p>Once per round, discard an objective card to draw one extra ○ or ■ next to "
    "any filled cell (+1 cell), or to let one step jump from a gate to any other gate (warp).</p>":
        "<h3>特別アクション</h3><p>各ラウンド1回、目標カード1枚を捨て札にして、記入済みのマスに隣接して"
        "○か■を追加で1マス記入する（＋1マス記入）か、1マス分の移動でゲートから別のゲートへ移動する"
        "（ワープ移動）ことができます。</p>",
    "<h3>Step 2: gems and new destinations</h3><p>An adventurer standing on an active destination collects "
    "a gem and draws an objective card (hand limit 5). That letter becomes a gate where it is a road on each "
    "sheet, and a wall elsewhere. For each letter collected, one explore card is discarded and its letter "
    "becomes a new destination.</p>":
        "<h3>ステップ2：宝石の獲得と出現</h3><p>目的地の上にコマを置いているプレイヤーは宝石を獲得し、"
        "目標カードを1枚引きます（5枚まで）。その座標のマスは、各シートで通路ならゲートに、そうでなければ"
        "壁になります。獲得された座標1種類につき探索カード1枚を捨て札にし、その座標が新たな目的地に"
        "なります。</p>",
    "<h3>Stages and the collapse</h3><p>When the line of cards runs out, stage 1 ends: score your largest "
    "filled rectangle (square bonus), reshuffle the discards, and play stage 2. In stage 2 you may escape "
    "from the exit; every escaped player makes the ruin collapse faster (one more card discarded each "
    "round).</p>":
        "<h3>ステージと遺跡の崩壊</h3><p>場の列のカードがなくなると前半ステージが終了します。記入済みの"
        "マスでできた最大の四角形の面積をスクエアボーナスとして記入し、捨て札をシャッフルして後半ステージを"
        "行います。後半ステージでは出入口から脱出できます。脱出したプレイヤーが1人増えるごとに、毎ラウンド"
        "捨て札にするカードが1枚増え、遺跡の崩壊が早まります。</p>",
    "<h3>Scoring</h3><ul><li>Both square bonuses (a traced letter that is not a road breaks a "
    "rectangle);</li><li>10 VP per gem;</li><li>honour: −10 VP per penalty; escaping first 30 VP, second "
    "10 VP (players escaping in the same round score the next rank), not escaping −20 VP (solo: escape "
    "30 VP);</li><li>15 VP per objective card whose two letters are joined by roads.</li></ul><p>Ties go "
    "to the player with more road cells. The solo challenge: reach 300 VP.</p>":
        "<h3>得点計算</h3><ul><li>スクエアボーナス2回分（通路でない目的地は四角形に含められません）</li>"
        "<li>宝石ボーナス：宝石1個につき10 VP</li><li>栄誉ボーナス：ペナルティ1つにつき−10 VP。"
        "脱出1位は30 VP、2位は10 VP（同じラウンドに脱出したプレイヤーはひとつ下の順位のVP）、"
        "脱出しなければ−20 VP（一人用：脱出で30 VP）</li><li>ルートボーナス：2つの座標を通路で"
        "つないだ目標カード1枚につき15 VP</li></ul><p>同点の場合は○を多く記入したプレイヤーの勝ちです。"
        "一人用の目標：300 VP。</p>",
    "Close": "閉じる",
    # --- Saves ---------------------------------------------------------------------------
    "Cannot write %1: %2": "%1 に書き込めません：%2",
    "This file is not an In the Ruin game record, or it is damaged (%1).":
        "このファイルはインザルーインの記録ではないか、破損しています（%1）。",
    "round %1, seat %2": "ラウンド%1、プレイヤー%2",
    "This game record breaks rule %1 (%2): %3": "この記録はルール %1 に違反しています（%2）：%3",
    "The file was kept as %1.": "ファイルは %1 として残しました。",
    # --- ScoreboardDialog ------------------------------------------------------------------
    "<h2>Shared win: %1</h2>": "<h2>同点優勝：%1</h2>",
    "<h2>%1 wins!</h2>": "<h2>%1の勝利！</h2>",
    "Square bonus (stage 1)": "スクエアボーナス（前半）",
    "Square bonus (stage 2)": "スクエアボーナス（後半）",
    "Gem bonus": "宝石ボーナス",
    "Honour bonus": "栄誉ボーナス",
    "Route bonus": "ルートボーナス",
    "Total (VP)": "合計（VP）",
    "Road cells (tie-break)": "通路のマス数（同点時）",
    # --- SeatsTable ----------------------------------------------------------------------
    "State": "状態",
    "escaped": "脱出済み",
    "thinking…": "思考中…",
    "deciding": "選択中",
    "human": "人間",
    "computer": "コンピュータ",
    "%1 (%2)": "%1（%2）",
    "shown": "表示中",
    "click to see the sheet": "クリックでシートを表示",
    # --- SheetScene / SheetView ---------------------------------------------------------------
    "Escaping ✓": "脱出する ✓",
    "Click or press Enter to draw this setup piece here (R rotate, F mirror).":
        "クリックかEnterで、この準備のピースをここに記入（R：回転、F：反転）。",
    "Click or press Enter to draw this cell.": "クリックかEnterで、このマスに記入。",
    "Click or press Enter to draw here (R rotate, F mirror, Space roads/walls).":
        "クリックかEnterで、ここに記入（R：回転、F：反転、Space：○/■）。",
    "Not reachable this turn: the adventurer moves along roads and gates.":
        "このラウンドでは届きません：コマは通路とゲートの上のみ移動します。",
    "Map sheet": "シート",
    # --- StatsWindow ---------------------------------------------------------------------
    "All human players": "人間のプレイヤー全員",
    "Personal best": "自己ベスト",
    "Squares": "スクエア",
    "Beginner": "初級",
    "Standard": "中級",
    "Expert": "上級",
    "Random": "ランダム",
    "No finished games yet.": "終了したゲームはまだありません。",
    "Statistics": "戦績",
    "Player:": "プレイヤー：",
    "Totals over time (red: the 300 VP challenge)": "合計VPの推移（赤：300 VPチャレンジ）",
    "Game": "ゲーム",
    "VP": "VP",
    "Breakdown per game": "ゲームごとの内訳",
    "Totals": "合計VPの分布",
    "Games": "ゲーム数",
    "Wins against computer levels (games in brackets)": "対コンピュータ勝率（括弧内はゲーム数）",
    "Win rate %": "勝率 %",
    # --- Texts: refusals (the rule id leads: "R3.4：…") ------------------------------------------
    "the cells are not a rotation or reflection of the card": "カードのピースを回転・反転した形になっていません",
    "a cell is off the grid": "グリッドからはみ出すマスがあります",
    "a cell is already filled": "記入済みのマスに重なっています",
    "the piece touches no cell filled before this round": "このラウンドより前に記入したマスに隣接していません",
    "road would make a 2x2 block": "○が縦横2×2マスに並んでしまいます",
    "action C's wall must be on the grid": "行動Cの■はグリッド内に記入します",
    "that cell is already filled": "そのマスは記入済みです",
    "action C's wall must touch a cell filled before this round":
        "行動Cの■は、このラウンドより前に記入したマスに隣接させます",
    "action C draws exactly one wall": "行動Cで記入する■は1マスだけです",
    "drawing nothing is allowed only when A, B and C are all impossible":
        "何も記入しないのは、行動A・B・Cがすべてできない場合だけです",
    "there is no single cell to draw now": "今は1マスだけ記入する場面ではありません",
    "this turn's draw is already made": "このラウンドの記入は済んでいます",
    "draw first (A, B or C), then move": "先に記入（行動A・B・C）してから移動します",
    "the +1 cell must be on the grid": "＋1マスはグリッド内に記入します",
    "the +1 cell must be empty": "＋1マスは空いているマスに記入します",
    "the +1 cell must touch a filled cell": "＋1マスは記入済みのマスに隣接させます",
    "take the +1 cell special action first": "先に特別アクション「＋1マス記入」を選んでください",
    "draw the +1 cell (or undo the special action) first": "先に＋1マスを記入してください（または特別アクションを取り消す）",
    "that objective card is not in your hand": "その目標カードは手元にありません",
    "a special action is paid with exactly one objective card": "特別アクションには目標カード1枚を捨て札にします",
    "one special action per round, paid with one objective card, after the draw":
        "特別アクションは各ラウンド1回、記入の後に目標カード1枚を捨て札にして行います",
    "only one special action per round": "特別アクションは各ラウンド1回のみです",
    "only one warp step, and only with the warp special action":
        "ワープは1回だけ、特別アクション「ワープ移動」を選んだ場合のみです",
    "the adventurer moves at most the card's number of steps": "コマはカードの数字のマス数までしか移動できません",
    "the adventurer cannot leave the grid": "コマはグリッドの外に出られません",
    "the adventurer moves only along roads and gates": "コマは通路とゲートの上のみ移動できます",
    "the adventurer moves one adjacent cell at a time": "コマは隣接するマスへ1マスずつ移動します",
    "that cell is not reachable with this card's steps": "このカードの数字ではそのマスに届きません",
    "no escape in stage 1": "前半ステージでは脱出できません",
    "escape only with the adventurer on the exit": "脱出できるのはコマが出入口にいるときだけです",
    "escape only in stage 2 with the adventurer on the exit":
        "脱出できるのは後半ステージで、コマが出入口にいるときだけです",
    "this seat has escaped and takes no more turns": "このプレイヤーは脱出済みで、もう手番はありません",
    "every seat still playing takes its step 1": "脱出していないプレイヤー全員がステップ1を行います",
    "keep exactly two of the four objective cards": "4枚の目標カードのうち、ちょうど2枚を残します",
    "draw every setup card: roads first, then walls": "準備のカードをすべて記入します（先に○、次に■）",
    "choose one of your setup cards not drawn yet": "まだ記入していない準備のカードを選んでください",
    "road pieces are drawn first, then wall pieces": "○のピースを先に、■のピースを後に記入します",
    "each later setup piece must touch a setup cell drawn before it":
        "2枚目以降の準備のピースは、先に記入したマスに隣接させます",
    "the first road piece must cover the exit": "最初の○のピースは出入口を含めて記入します",
    "every setup piece is drawn": "準備のピースはすべて記入済みです",
    "setup is over": "準備は終わっています",
    # --- Texts: labels and announcements -----------------------------------------------------
    "%1 – %2": "%1 – %2",
    "roads ○": "通路 ○",
    "walls ■": "壁 ■",
    "%1 collected a gem at %2.": "%1が座標%2で宝石を獲得しました。",
    "%1 escaped from the ruin.": "%1が遺跡から脱出しました。",
    "New destination: %1.": "新たな目的地：%1。",
    "The ruin collapses: card %1 is discarded.": "遺跡の崩壊：探索カード%1を捨て札にしました。",
    "Card %1 is discarded.": "探索カード%1を捨て札にしました。",
    "Stage 2 begins: every seat scored its first square bonus.":
        "後半ステージ開始：全員が前半のスクエアボーナスを記入しました。",
    "The game is over.": "ゲーム終了です。",
    "The game is over. Click a seat in the Seats tab to see its sheet.":
        "ゲーム終了です。「プレイヤー」タブの行をクリックすると、そのプレイヤーのシートを表示します。",
    # --- TurnPanel -------------------------------------------------------------------------
    "Hint": "ヒント",
    "Thinking…": "思考中…",
    "Use it": "この手にする",
    "Make the suggested choices for you (you can still undo them)": "提案どおりに記入・移動します（元に戻すこともできます）",
    "Ask the Expert computer player what it would do (purple on your sheet)":
        "上級コンピュータならどうするかを聞きます（シート上に紫で表示）",
    # the hint is built from fragments: "Hint: %1." around parts joined by ", then "
    "draw the card as roads ○ where the purple outline is": "紫の枠の位置にピースを○で記入",
    "draw the card as walls ■ where the purple outline is": "紫の枠の位置にピースを■で記入",
    "take action C: one wall where the purple square is": "行動C：紫の四角の位置に■を1マス記入",
    "draw nothing (no draw is possible)": "何も記入しない（記入できない）",
    "pay an objective card for the +1 cell (outlined too)": "目標カードを捨て札にして＋1マス記入（これも枠で表示）",
    "pay an objective card for a warp": "目標カードを捨て札にしてワープ移動",
    "stay where you are": "移動しない",
    "escape": "脱出",
    "Hint: %1.": "ヒント：%1。",
    ", then ": "、次に",
    " and ": " と ",
    "Hint: keep %1 and draw the outlined pieces.": "ヒント：%1 を残し、枠で示したピースを記入。",
    "Keep two objective cards:": "残す目標カードを2枚選択：",
    "Choose the explore card to draw next:": "次に記入する探索カードを選択：",
    "Your step 1": "あなたのステップ1",
    "Space: switch between action A (roads) and action B (walls)": "Space：行動A（○）と行動B（■）を切り替え",
    "Rotate (R)": "回転 (R)",
    "Mirror (F)": "反転 (F)",
    "Action C: 1 wall, +1 penalty": "行動C：■1マス、ペナルティ＋1",
    "No draw possible (+1 penalty)": "記入できない（ペナルティ＋1）",
    "Special: +1 cell…": "特別：＋1マス記入…",
    "Special: warp…": "特別：ワープ移動…",
    "Undo (Ctrl+Z)": "元に戻す (Ctrl+Z)",
    "Redo": "やり直す",
    "Confirm (Ctrl+Enter)": "確定 (Ctrl+Enter)",
    "Drawing: %1 (Space)": "記入：%1 (Space)",
    "Start a new game from the Game menu.": "「ゲーム」メニューから新しいゲームを始めてください。",
    "Waiting for the next player.": "次のプレイヤーを待っています。",
    "Computer seats are thinking…": "コンピュータが思考中…",
    "Waiting…": "待機中…",
    "Keep two objective cards, then confirm your setup.": "目標カードを2枚残し、準備を確定してください。",
    "Draw a card as roads covering the exit (the other card becomes walls).":
        "1枚を出入口を含めて○で記入します（もう1枚は■になります）。",
    "Draw your second road card, touching your roads.": "2枚目の○のカードを、通路に隣接させて記入します。",
    "Draw a card as walls, touching your setup cells.": "カードを■で、準備で記入したマスに隣接させて記入します。",
    "Draw the active card's piece as roads (A) or walls (B), or take action C.":
        "参照カードを○（行動A）か■（行動B）で記入するか、行動Cを選びます。",
    "Draw the +1 cell: a road or wall next to any filled cell (Space switches).":
        "＋1マス記入：記入済みのマスに隣接して○か■を記入（Spaceで切り替え）。",
    "Move the adventurer (green cells: steps needed), then confirm. Special actions: one per round.":
        "コマを移動して確定します（緑のマス：必要なマス数）。特別アクションは各ラウンド1回。",
}

# (context, source) → translation, where one context needs its own wording.
JA_CONTEXT: dict[tuple[str, str], str] = {
}

# numerus="yes": Japanese has one form.
JA_NUMERUS: dict[str, str] = {
    "Deck\n%n card(s)": "山札\n%n枚",
    "A: drew the card as roads (%n cell(s)).": "A：カードのピースを○で記入した（%nマス）。",
    "B: drew the card as walls (%n cell(s)).": "B：カードのピースを■で記入した（%nマス）。",
    "Moved %n step(s).": "%nマス移動した。",
    "move %n step(s) to the ringed cell": "丸で囲んだマスへ%nマス移動",
    "%n step(s): click or press Enter to move here.": "%nマス：クリックかEnterで、ここへ移動。",
    "%n game(s); best %1 VP; mean %2 VP; %3 at or above 300 VP":
        "%nゲーム、ベスト %1 VP、平均 %2 VP、300 VP以上 %3回",
}

# numerus="yes": English singular and plural (the source is the fallback for neither).
EN_NUMERUS: dict[str, tuple[str, str]] = {
    "Deck\n%n card(s)": ("Deck\n%n card", "Deck\n%n cards"),
    "A: drew the card as roads (%n cell(s)).": ("A: drew the card as roads (%n cell).",
                                                "A: drew the card as roads (%n cells)."),
    "B: drew the card as walls (%n cell(s)).": ("B: drew the card as walls (%n cell).",
                                                "B: drew the card as walls (%n cells)."),
    "Moved %n step(s).": ("Moved %n step.", "Moved %n steps."),
    "move %n step(s) to the ringed cell": ("move %n step to the ringed cell", "move %n steps to the ringed cell"),
    "%n step(s): click or press Enter to move here.": ("%n step: click or press Enter to move here.",
                                                       "%n steps: click or press Enter to move here."),
    "%n game(s); best %1 VP; mean %2 VP; %3 at or above 300 VP":
        ("%n game; best %1 VP; mean %2 VP; %3 at or above 300 VP",
         "%n games; best %1 VP; mean %2 VP; %3 at or above 300 VP"),
}


def _en_plural_guess(source: str) -> tuple[str, str]:
    """``word(s)`` → (``word``, ``words``): a fallback for a new numerus source
    not yet in EN_NUMERUS (reported by --check)."""
    return re.sub(r"\(s\)", "", source), re.sub(r"\(s\)", "s", source)


def _set_translation(message: ET.Element, forms: list[str], numerus: bool) -> None:
    tr = message.find("translation")
    if tr is None:
        tr = ET.SubElement(message, "translation")
    tr.attrib.pop("type", None)
    for child in list(tr):
        tr.remove(child)
    if numerus:
        tr.text = None
        for f in forms:
            ET.SubElement(tr, "numerusform").text = f
    else:
        tr.text = forms[0]


def _existing(message: ET.Element, numerus: bool) -> list[str] | None:
    tr = message.find("translation")
    if tr is None or tr.get("type") in ("unfinished", "vanished", "obsolete"):
        return None
    forms = [f.text or "" for f in tr.findall("numerusform")] if numerus else [tr.text or ""]
    return forms if forms and all(forms) else None


def apply(lang: str) -> list[tuple[str, str]]:
    """Fill translations/ruin_qt_<lang>.ts; returns the (context, source) pairs
    this table does not know (left as they were)."""
    path = TS_DIR / f"ruin_qt_{lang}.ts"
    tree = ET.parse(path)
    root = tree.getroot()
    missing = []
    for ctx in root.iter("context"):
        cname = ctx.findtext("name")
        for m in ctx.iter("message"):
            src = m.findtext("source") or ""
            numerus = m.get("numerus") == "yes"
            forms: list[str] | None
            if lang == "en":
                if numerus:
                    forms = list(EN_NUMERUS.get(src) or _en_plural_guess(src))
                    if src not in EN_NUMERUS:
                        missing.append((cname, src))
                else:
                    forms = [src]
            else:
                text = JA_CONTEXT.get((cname, src)) or (JA_NUMERUS.get(src) if numerus else JA.get(src))
                forms = [text] if text else None
                if forms is None:
                    missing.append((cname, src))
                    continue
            _set_translation(m, forms, numerus)
    path.write_text(_serialize(root), encoding="utf-8")
    return missing


def _esc(text: str | None) -> str:
    return (text or "").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") \
        .replace('"', "&quot;").replace("'", "&apos;")


def _attrs(el: ET.Element) -> str:
    return "".join(f' {k}="{_esc(v)}"' for k, v in el.attrib.items())


def _serialize(root: ET.Element) -> str:
    """The layout lupdate itself writes, so update → glossary → update is stable."""
    out = ['<?xml version="1.0" encoding="utf-8"?>', "<!DOCTYPE TS>", f"<TS{_attrs(root)}>"]
    for ctx in root:
        out.append(f"<{ctx.tag}{_attrs(ctx)}>")
        for el in ctx:
            if el.tag != "message":
                out.append(f"    <{el.tag}{_attrs(el)}>{_esc(el.text)}</{el.tag}>")
                continue
            out.append(f"    <message{_attrs(el)}>")
            for part in el:
                forms = part.findall("numerusform")
                if part.tag == "translation" and forms:
                    out.append(f"        <translation{_attrs(part)}>")
                    out.extend(f"            <numerusform>{_esc(f.text)}</numerusform>" for f in forms)
                    out.append("        </translation>")
                elif len(part) == 0 and part.text is None and part.tag != "translation":
                    out.append(f"        <{part.tag}{_attrs(part)}/>")
                else:
                    out.append(f"        <{part.tag}{_attrs(part)}>{_esc(part.text)}</{part.tag}>")
            out.append("    </message>")
        out.append(f"</{ctx.tag}>")
    out.append("</TS>")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    bad = 0
    for lang in ("ja", "en"):
        missing = apply(lang)
        for ctx, src in missing:
            print(f"{lang}: no translation for [{ctx}] {src!r}", file=sys.stderr)
        bad += len(missing)
    return 1 if (check and bad) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
