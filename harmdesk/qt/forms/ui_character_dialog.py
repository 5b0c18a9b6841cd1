# Compiled from ui/character_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QDialog,
    QDialogButtonBox, QFormLayout, QGroupBox, QLabel,
    QLineEdit, QSizePolicy, QSpacerItem, QVBoxLayout,
    QWidget)

class Ui_CharacterDialog(object):
    def setupUi(self, CharacterDialog):
        if not CharacterDialog.objectName():
            CharacterDialog.setObjectName(u"CharacterDialog")
        CharacterDialog.resize(460, 520)
        self.mainLayout = QVBoxLayout(CharacterDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.identityForm = QFormLayout()
        self.identityForm.setObjectName(u"identityForm")
        self.nameCaption = QLabel(CharacterDialog)
        self.nameCaption.setObjectName(u"nameCaption")

        self.identityForm.setWidget(0, QFormLayout.ItemRole.LabelRole, self.nameCaption)

        self.nameEdit = QLineEdit(CharacterDialog)
        self.nameEdit.setObjectName(u"nameEdit")
        self.nameEdit.setMaxLength(80)

        self.identityForm.setWidget(0, QFormLayout.ItemRole.FieldRole, self.nameEdit)

        self.kindCaption = QLabel(CharacterDialog)
        self.kindCaption.setObjectName(u"kindCaption")

        self.identityForm.setWidget(1, QFormLayout.ItemRole.LabelRole, self.kindCaption)

        self.kindCombo = QComboBox(CharacterDialog)
        self.kindCombo.setObjectName(u"kindCombo")

        self.identityForm.setWidget(1, QFormLayout.ItemRole.FieldRole, self.kindCombo)

        self.idCaption = QLabel(CharacterDialog)
        self.idCaption.setObjectName(u"idCaption")

        self.identityForm.setWidget(2, QFormLayout.ItemRole.LabelRole, self.idCaption)

        self.idLabel = QLabel(CharacterDialog)
        self.idLabel.setObjectName(u"idLabel")
        self.idLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.identityForm.setWidget(2, QFormLayout.ItemRole.FieldRole, self.idLabel)

        self.playersSeeCaption = QLabel(CharacterDialog)
        self.playersSeeCaption.setObjectName(u"playersSeeCaption")

        self.identityForm.setWidget(3, QFormLayout.ItemRole.LabelRole, self.playersSeeCaption)

        self.playersSeeCombo = QComboBox(CharacterDialog)
        self.playersSeeCombo.setObjectName(u"playersSeeCombo")

        self.identityForm.setWidget(3, QFormLayout.ItemRole.FieldRole, self.playersSeeCombo)


        self.mainLayout.addLayout(self.identityForm)

        self.sheetBox = QGroupBox(CharacterDialog)
        self.sheetBox.setObjectName(u"sheetBox")
        self.sheetForm = QFormLayout(self.sheetBox)
        self.sheetForm.setObjectName(u"sheetForm")
        self.sheetForm.setFieldGrowthPolicy(QFormLayout.ExpandingFieldsGrow)

        self.mainLayout.addWidget(self.sheetBox)

        self.attackBox = QGroupBox(CharacterDialog)
        self.attackBox.setObjectName(u"attackBox")
        self.attackBox.setCheckable(True)
        self.attackBox.setChecked(False)
        self.attackForm = QFormLayout(self.attackBox)
        self.attackForm.setObjectName(u"attackForm")
        self.attackForm.setFieldGrowthPolicy(QFormLayout.ExpandingFieldsGrow)
        self.diceCaption = QLabel(self.attackBox)
        self.diceCaption.setObjectName(u"diceCaption")

        self.attackForm.setWidget(0, QFormLayout.ItemRole.LabelRole, self.diceCaption)

        self.diceEdit = QLineEdit(self.attackBox)
        self.diceEdit.setObjectName(u"diceEdit")

        self.attackForm.setWidget(0, QFormLayout.ItemRole.FieldRole, self.diceEdit)

        self.piercingCaption = QLabel(self.attackBox)
        self.piercingCaption.setObjectName(u"piercingCaption")

        self.attackForm.setWidget(1, QFormLayout.ItemRole.LabelRole, self.piercingCaption)

        self.piercingCombo = QComboBox(self.attackBox)
        self.piercingCombo.setObjectName(u"piercingCombo")

        self.attackForm.setWidget(1, QFormLayout.ItemRole.FieldRole, self.piercingCombo)

        self.tagsCaption = QLabel(self.attackBox)
        self.tagsCaption.setObjectName(u"tagsCaption")

        self.attackForm.setWidget(2, QFormLayout.ItemRole.LabelRole, self.tagsCaption)

        self.tagsEdit = QLineEdit(self.attackBox)
        self.tagsEdit.setObjectName(u"tagsEdit")

        self.attackForm.setWidget(2, QFormLayout.ItemRole.FieldRole, self.tagsEdit)

        self.damageTypeCaption = QLabel(self.attackBox)
        self.damageTypeCaption.setObjectName(u"damageTypeCaption")

        self.attackForm.setWidget(3, QFormLayout.ItemRole.LabelRole, self.damageTypeCaption)

        self.damageTypeEdit = QLineEdit(self.attackBox)
        self.damageTypeEdit.setObjectName(u"damageTypeEdit")

        self.attackForm.setWidget(3, QFormLayout.ItemRole.FieldRole, self.damageTypeEdit)


        self.mainLayout.addWidget(self.attackBox)

        self.previewBox = QGroupBox(CharacterDialog)
        self.previewBox.setObjectName(u"previewBox")
        self.previewLayout = QVBoxLayout(self.previewBox)
        self.previewLayout.setObjectName(u"previewLayout")
        self.previewLabel = QLabel(self.previewBox)
        self.previewLabel.setObjectName(u"previewLabel")
        self.previewLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.previewLabel.setWordWrap(True)

        self.previewLayout.addWidget(self.previewLabel)


        self.mainLayout.addWidget(self.previewBox)

        self.messageLabel = QLabel(CharacterDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.bottomSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.mainLayout.addItem(self.bottomSpacer)

        self.buttonBox = QDialogButtonBox(CharacterDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok)

        self.mainLayout.addWidget(self.buttonBox)

#if QT_CONFIG(shortcut)
        self.nameCaption.setBuddy(self.nameEdit)
        self.kindCaption.setBuddy(self.kindCombo)
        self.playersSeeCaption.setBuddy(self.playersSeeCombo)
        self.diceCaption.setBuddy(self.diceEdit)
        self.piercingCaption.setBuddy(self.piercingCombo)
        self.tagsCaption.setBuddy(self.tagsEdit)
        self.damageTypeCaption.setBuddy(self.damageTypeEdit)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(CharacterDialog)
        self.buttonBox.accepted.connect(CharacterDialog.accept)
        self.buttonBox.rejected.connect(CharacterDialog.reject)

        QMetaObject.connectSlotsByName(CharacterDialog)
    # setupUi

    def retranslateUi(self, CharacterDialog):
        CharacterDialog.setWindowTitle(QCoreApplication.translate("CharacterDialog", u"Character", None))
        self.nameCaption.setText(QCoreApplication.translate("CharacterDialog", u"&Name:", None))
#if QT_CONFIG(accessibility)
        self.nameEdit.setAccessibleName(QCoreApplication.translate("CharacterDialog", u"Name", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.nameEdit.setToolTip(QCoreApplication.translate("CharacterDialog", u"The name shown on the tile", None))
#endif // QT_CONFIG(tooltip)
        self.kindCaption.setText(QCoreApplication.translate("CharacterDialog", u"&Kind:", None))
#if QT_CONFIG(accessibility)
        self.kindCombo.setAccessibleName(QCoreApplication.translate("CharacterDialog", u"Kind", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.kindCombo.setToolTip(QCoreApplication.translate("CharacterDialog", u"PC, follower, NPC or monster: the rules treat each differently", None))
#endif // QT_CONFIG(tooltip)
        self.idCaption.setText(QCoreApplication.translate("CharacterDialog", u"Id:", None))
        self.idLabel.setText("")
#if QT_CONFIG(accessibility)
        self.idLabel.setAccessibleName(QCoreApplication.translate("CharacterDialog", u"Id used in the log", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.idLabel.setToolTip(QCoreApplication.translate("CharacterDialog", u"The character's id in actions and the log; made from the name and never changed", None))
#endif // QT_CONFIG(tooltip)
        self.playersSeeCaption.setText(QCoreApplication.translate("CharacterDialog", u"P&layers see:", None))
#if QT_CONFIG(accessibility)
        self.playersSeeCombo.setAccessibleName(QCoreApplication.translate("CharacterDialog", u"What the players see", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.playersSeeCombo.setToolTip(QCoreApplication.translate("CharacterDialog", u"How the players' display shows this character: in full (its bar and numbers), as words only (how it looks, never a number), or not at all until revealed", None))
#endif // QT_CONFIG(tooltip)
        self.sheetBox.setTitle(QCoreApplication.translate("CharacterDialog", u"Sheet", None))
        self.attackBox.setTitle(QCoreApplication.translate("CharacterDialog", u"&Attack (dragging this tile onto another deals it)", None))
#if QT_CONFIG(tooltip)
        self.attackBox.setToolTip(QCoreApplication.translate("CharacterDialog", u"An attack on the sheet makes the tile an attacker chip", None))
#endif // QT_CONFIG(tooltip)
        self.diceCaption.setText(QCoreApplication.translate("CharacterDialog", u"&Damage dice:", None))
        self.diceEdit.setPlaceholderText(QCoreApplication.translate("CharacterDialog", u"d10+3", None))
#if QT_CONFIG(accessibility)
        self.diceEdit.setAccessibleName(QCoreApplication.translate("CharacterDialog", u"Attack damage dice", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.diceEdit.setToolTip(QCoreApplication.translate("CharacterDialog", u"A dice expression such as d10+3 or 2d6", None))
#endif // QT_CONFIG(tooltip)
        self.piercingCaption.setText(QCoreApplication.translate("CharacterDialog", u"&Piercing:", None))
#if QT_CONFIG(accessibility)
        self.piercingCombo.setAccessibleName(QCoreApplication.translate("CharacterDialog", u"Attack piercing", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.piercingCombo.setToolTip(QCoreApplication.translate("CharacterDialog", u"Armor ignored by the attack; x piercing equals the steading's Prosperity", None))
#endif // QT_CONFIG(tooltip)
        self.tagsCaption.setText(QCoreApplication.translate("CharacterDialog", u"&Tags:", None))
        self.tagsEdit.setPlaceholderText(QCoreApplication.translate("CharacterDialog", u"forceful, messy", None))
#if QT_CONFIG(accessibility)
        self.tagsEdit.setAccessibleName(QCoreApplication.translate("CharacterDialog", u"Attack tags", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.tagsEdit.setToolTip(QCoreApplication.translate("CharacterDialog", u"Tags of the attack, separated by commas", None))
#endif // QT_CONFIG(tooltip)
        self.damageTypeCaption.setText(QCoreApplication.translate("CharacterDialog", u"Damage t&ype:", None))
        self.damageTypeEdit.setPlaceholderText(QCoreApplication.translate("CharacterDialog", u"fire", None))
#if QT_CONFIG(accessibility)
        self.damageTypeEdit.setAccessibleName(QCoreApplication.translate("CharacterDialog", u"Attack damage type", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.damageTypeEdit.setToolTip(QCoreApplication.translate("CharacterDialog", u"The attack's damage type, as the game names it", None))
#endif // QT_CONFIG(tooltip)
        self.previewBox.setTitle(QCoreApplication.translate("CharacterDialog", u"What will happen", None))
        self.previewLabel.setText("")
#if QT_CONFIG(accessibility)
        self.previewLabel.setAccessibleName(QCoreApplication.translate("CharacterDialog", u"Preview of the result", None))
#endif // QT_CONFIG(accessibility)
        self.messageLabel.setText("")
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("CharacterDialog", u"Problem with the input", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

