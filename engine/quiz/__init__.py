"""Quizzes: questions generated from a seed, judged and explained by the engine.

One module per drill: the games' own (``partner``, ``sophie``, ``stud``, ``psycho``,
``expose``), the general showdown drill (``showdown``) and the drills every registered
game gets from its declaration (``best_five``, ``legal``, dealt from a real hand by
``dealt``), sharing ``common`` (drills, levels, links, verdicts), ``explain`` (why one
hand beats another), ``difficulty`` (themes and estimates) and ``progress`` (score,
streak, misses). Nothing here imports Streamlit; every question comes from a
``QuestionRef``.
"""
