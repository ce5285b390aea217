"""Game night: one table on the TV, each guest's cards on their own phone.

``ui.night.record`` keeps the night as plain JSON and runs the hand on it;
``ui.night.controller`` keeps it in the store, behind links.
"""
